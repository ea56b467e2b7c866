import { afterAll, describe, expect, it } from "vitest";
import { serve, type LoopbackServer } from "../../net/testing/loopback-server.js";
import { validCard10 } from "../../card/fixtures.js";
import {
  handAgentsClosedAfterAll,
  handCard03,
  rawAgentsClosedAfterAll,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import notificationUnanswered from "./notification-unanswered.js";

const startHandAgent = handAgentsClosedAfterAll();

/** An agent that refuses a request without an id with -32600 and answers the rest as TaskNotFound. */
async function refusesNotifications(generation: "0.3" | "1.0"): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card")
      return generation === "0.3"
        ? handCard03(url)
        : {
            ...validCard10(),
            securitySchemes: undefined,
            securityRequirements: undefined,
            supportedInterfaces: [{ url, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
          };
    if (request.id === undefined) return refusal(-32600);
    return refusal(-32001);
  });
  return agent.url;
}

const servers: LoopbackServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** A 0.3 agent behind a web framework that refuses a body without an id before any JSON-RPC code runs. */
async function frameworkRefusesNotifications(): Promise<string> {
  const server = await serve((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.method === "GET") return void res.end(JSON.stringify(handCard03(`${server.url}/`)));
    res.statusCode = 400;
    res.end(
      JSON.stringify({
        statusCode: 400,
        code: "FST_ERR_VALIDATION",
        error: "Bad Request",
        message: "body must have required property 'id'",
      }),
    );
  });
  servers.push(server);
  return `${server.url}/`;
}

describe("errors.notification-unanswered", () => {
  // Over HTTP something always comes back; JSON-RPC 2.0 §4.1 forbids a JSON-RPC Response, which this is not.
  it("passes a 0.3 agent whose web framework refuses a notification with its own HTTP 400 body", async () => {
    const byId = await verdictsOn(await frameworkRefusesNotifications(), [notificationUnanswered], "JSONRPC");
    expect(byId.get("errors.notification-unanswered")).toMatchObject({ status: "pass" });
    expect(byId.get("errors.notification-unanswered")?.message).toMatch(/no JSON-RPC reply \(HTTP 400\)/);
  });

  // 0.3 §6.11.1: a request without an id "is assumed to be a notification"; JSON-RPC 2.0 §4.1: no reply.
  it("fails a 0.3 agent that answers a notification, even with -32600", async () => {
    const byId = await verdictsOn(await refusesNotifications("0.3"), [notificationUnanswered], "JSONRPC");
    expect(byId.get("errors.notification-unanswered")).toMatchObject({ status: "fail" });
    expect(byId.get("errors.notification-unanswered")?.message).toMatch(/not even with an error/);
  });

  // 1.0.1 §9.3 adopts the JSON-RPC 2.0 format and requires no id: an id-less request is a notification there too.
  it("fails a 1.0 agent that refuses a request without an id with -32600", async () => {
    const byId = await verdictsOn(await refusesNotifications("1.0"), [notificationUnanswered], "JSONRPC");
    expect(byId.get("errors.notification-unanswered")).toMatchObject({ status: "fail" });
    expect(byId.get("errors.notification-unanswered")?.message).toMatch(
      /answered with the JSON-RPC error -32600.*not even with an error/,
    );
  });
});

const startRawAgent = rawAgentsClosedAfterAll();

/**
 * A streaming 0.3 agent that gives a tasks/get notification 204 but streams a message/stream notification
 * whole, each event a response with id null (seen at first sight); with `quiet`, it streams no response to one.
 */
function streamsToNotifications(quiet: boolean): Promise<string> {
  return startRawAgent((call, res, url) => {
    if (!call) {
      res.setHeader("content-type", "application/json");
      return void res.end(JSON.stringify({ ...handCard03(url), capabilities: { streaming: true } }));
    }
    const notification = call.id === undefined;
    if (call.method === "message/stream") {
      res.setHeader("content-type", "text/event-stream");
      if (notification && quiet) return void res.end();
      const task = { kind: "task", id: "t1", contextId: "c1", status: { state: "completed" } };
      return void res.end(
        `data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id ?? null, result: task })}\n\n`,
      );
    }
    if (notification) {
      res.statusCode = 204;
      return void res.end();
    }
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({ jsonrpc: "2.0", id: call.id, error: { code: -32001, message: "Task not found" } }),
    );
  });
}

describe("errors.notification-unanswered on an agent that claims streaming", () => {
  it("fails a message/stream notification answered with an event stream of responses", async () => {
    const finding = (await verdictsOn(await streamsToNotifications(false), [notificationUnanswered])).get(
      "errors.notification-unanswered",
    );
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(
      /a message\/stream notification .* was answered with an event stream of 1 event/,
    );
  });

  it("passes one that streams no response to it", async () => {
    const finding = (await verdictsOn(await streamsToNotifications(true), [notificationUnanswered])).get(
      "errors.notification-unanswered",
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/nor did a streamed message sent as one/);
  });
});
