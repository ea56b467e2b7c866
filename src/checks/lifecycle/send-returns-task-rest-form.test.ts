import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { handCard03, verdictsOn } from "../../runner/testing/hand-agent.js";
import sendReturnsTask from "./send-returns-task.js";
import unknownFieldsIgnored from "./unknown-fields-ignored.js";

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

type Json = Record<string, unknown>;

/**
 * A hand-written 0.3 HTTP+JSON agent that reads a message only in the form the 0.3 text gives (§7.1 REST
 * payload {message} with the §6.4 Message: kind, role "user", parts [{kind: "text"}]), as one seen at first
 * sight did; the proto's JSON form, which the SDKs send, it refuses with HTTP 400.
 */
async function specTextRestAgent(): Promise<string> {
  const tasks = new Map<string, Json>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      res.setHeader("content-type", "application/json");
      if (req.method === "GET" && req.url?.startsWith("/.well-known/")) {
        const { additionalInterfaces: _none, ...card } = handCard03(base);
        return void res.end(JSON.stringify({ ...card, preferredTransport: "HTTP+JSON" }));
      }
      if (req.method === "POST" && req.url === "/v1/message:send") {
        const message = (JSON.parse(body) as { message?: { kind?: string; parts?: Json[] } }).message;
        if (message?.kind !== "message" || message.parts?.[0]?.kind !== "text") {
          res.statusCode = 400;
          return void res.end(
            JSON.stringify({ error: "Invalid params: message parts contained no usable content" }),
          );
        }
        const id = `t-${tasks.size + 1}`;
        const task = { kind: "task", id, contextId: "c-1", status: { state: "completed" } };
        tasks.set(id, task);
        return void res.end(JSON.stringify({ task }));
      }
      const id = /^\/v1\/tasks\/([^/?:]+)/.exec(req.url ?? "")?.[1];
      if (req.method === "GET" && id && tasks.has(id)) return void res.end(JSON.stringify(tasks.get(id)));
      res.statusCode = 404;
      res.end(JSON.stringify({ code: -32001, message: "Task not found" }));
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe("lifecycle.send-returns-task on a 0.3 HTTP+JSON agent that reads the spec text's payload only", () => {
  it("passes, with an interop note: 0.3 §7.1 gives that payload itself, though the SDKs send the proto's JSON", async () => {
    const finding = (await verdictsOn(await specTextRestAgent(), [sendReturnsTask])).get(sendReturnsTask.id);
    expect(finding).toMatchObject({ status: "pass", transport: "HTTP+JSON" });
    expect(finding?.message).toMatch(
      /interop note: the agent refused a 0\.3 HTTP\+JSON message in the 0\.3 proto's JSON form/,
    );
  });

  it("lets a check that lays out its own message send it in the form the agent takes", async () => {
    const byId = await verdictsOn(await specTextRestAgent(), [sendReturnsTask, unknownFieldsIgnored]);
    expect(byId.get(unknownFieldsIgnored.id)).toMatchObject({ status: "pass", transport: "HTTP+JSON" });
  });
});
