import { describe, expect, it } from "vitest";
import cardInterfaces from "../checks/card/interfaces.js";
import sendReturnsTask from "../checks/lifecycle/send-returns-task.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { runConformance } from "./run-conformance.js";
import { handCard03, httpAgentsClosedAfterAll } from "./testing/hand-agent.js";

const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } };
const startHttpAgent = httpAgentsClosedAfterAll();

/**
 * A 0.3 agent answering JSON-RPC at /a2a, whose card also declares HTTP+JSON at `restPath`, where `rest`
 * answers (seen at first sight: the REST routes mounted at the origin while the card names /v1, so every
 * call met an Express 404 page).
 */
async function agentWithRest(restPath: string, rest: "missing" | "missing-rpc" | "served"): Promise<string> {
  return startHttpAgent((req, body, res, base) => {
    res.setHeader("content-type", "application/json");
    if (req.method === "GET" && req.url?.startsWith("/.well-known/")) {
      const card = handCard03(`${base}a2a`);
      const rest03 = { url: `${base}${restPath}`, transport: "HTTP+JSON" };
      return void res.end(JSON.stringify({ ...card, additionalInterfaces: [rest03] }));
    }
    if (req.method === "POST" && req.url === "/a2a") {
      const call = JSON.parse(body) as { id?: unknown; method?: string };
      const reply =
        call.method === "message/send"
          ? { result: task }
          : { error: { code: call.method === "tasks/get" ? -32001 : -32601, message: "refused" } };
      return void res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id ?? null, ...reply }));
    }
    // 0.3 REST: a send answers the task; a get of an unknown task answers TaskNotFound, as the JS SDK does.
    if (rest === "served" && req.url === `/${restPath}/v1/message:send`)
      return void res.end(JSON.stringify({ task: { ...task, status: { state: "TASK_STATE_COMPLETED" } } }));
    if (rest === "served" && req.url?.startsWith(`/${restPath}/v1/tasks/`)) {
      res.statusCode = 404;
      return void res.end(JSON.stringify({ code: -32001, message: "Task not found" }));
    }
    res.statusCode = 404;
    // A hand-written router's answer for a path it has no route for: JSON-RPC's "method not found".
    if (rest === "missing-rpc")
      return void res.end(JSON.stringify({ code: -32601, message: "Method not found" }));
    res.setHeader("content-type", "text/html");
    res.end(`<pre>Cannot ${req.method} ${req.url}</pre>`);
  });
}

const run = (agentUrl: string) =>
  runConformance({
    agentUrl,
    headers: {},
    timeoutMs: 3000,
    policy: commandLinePolicy,
    catalogue: [sendReturnsTask, cardInterfaces],
  });

describe("an interface the card declares that serves none of its routes", () => {
  it("is left out of the run and reported once, by card.interfaces, while the answering binding is tested", async () => {
    const result = await run(await agentWithRest("v1", "missing"));
    const sends = result.findings?.filter((f) => f.id === "lifecycle.send-returns-task");
    expect(sends?.map((f) => `${f.transport} ${f.status}`)).toEqual(["JSONRPC pass"]);
    const card = result.findings?.find((f) => f.id === "card.interfaces");
    expect(card).toMatchObject({ status: "fail" });
    expect(card?.message).toMatch(
      /the card's HTTP\+JSON interface at http:\/\/127\.0\.0\.1:\d+\/v1 serves none of its routes \(.*HTTP 404 with text\/html body.*Cannot POST \/v1\/v1\/message:send/,
    );
    expect(result.warnings.join("\n")).toMatch(
      /HTTP\+JSON: .* is left out of the run, card\.interfaces reports it/,
    );
  });

  it("is told by a 404 naming MethodNotFound as well as by a 404 page", async () => {
    const result = await run(await agentWithRest("v1", "missing-rpc"));
    const sends = result.findings?.filter((f) => f.id === "lifecycle.send-returns-task");
    expect(sends?.map((f) => `${f.transport} ${f.status}`)).toEqual(["JSONRPC pass"]);
    expect(result.findings?.find((f) => f.id === "card.interfaces")?.message).toMatch(
      /serves none of its routes/,
    );
  });

  it("stays in the run when its routes answer", async () => {
    const result = await run(await agentWithRest("rest", "served"));
    const sends = result.findings?.filter((f) => f.id === "lifecycle.send-returns-task");
    expect(sends?.map((f) => f.transport).sort()).toEqual(["HTTP+JSON", "JSONRPC"]);
    expect(result.findings?.find((f) => f.id === "card.interfaces")).toMatchObject({ status: "pass" });
  });
});
