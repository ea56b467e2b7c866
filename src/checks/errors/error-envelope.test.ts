import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  rawAgentsClosedAfterAll,
  handCard03,
  handCard10,
  bodyCall,
  httpAgentsClosedAfterAll,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import errorEnvelope from "./error-envelope.js";
import invalidParams from "./invalid-params.js";
import parseError from "./parse-error.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 0.3 agent whose errors are well-formed JSON-RPC, but which takes any params of message/send (as the
 * Spring Voyage sidecar does): a send with {"message": 5} gets a Task.
 */
async function acceptsBadParams(): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard03(url);
    if (request.jsonrpc !== "2.0") return refusal(-32600);
    if (request.method !== "message/send") return refusal(-32601);
    return { result: { kind: "task", id: "t1", contextId: "c1", status: { state: "completed" } } };
  });
  return agent.url;
}

describe("errors.error-envelope", () => {
  it("judges error replies only: a bad request the agent accepted is errors.invalid-params' finding, said once", async () => {
    // The card also names HTTP+JSON and gRPC interfaces: the JSON-RPC findings are the ones judged here.
    const byId = await verdictsOn(await acceptsBadParams(), [errorEnvelope, invalidParams], "JSONRPC");
    expect(byId.get("errors.invalid-params")?.status).toBe("fail");
    expect(byId.get("errors.error-envelope")).toMatchObject({ status: "pass" });
    expect(byId.get("errors.error-envelope")?.message).toMatch(/got a result, which its own check judges/);
  });
});

/** A 0.3 agent whose errors are well-formed apart from the id, which `idOf` chooses. */
async function errorsWithId(idOf: (request: { id: unknown; code: number }) => unknown): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard03(url);
    const code = request.jsonrpc !== "2.0" ? -32600 : request.method === "tasks/get" ? -32001 : -32601;
    const id = idOf({ id: request.id, code });
    return { ...(id === undefined ? { id: undefined } : { id }), ...refusal(code) };
  });
  return agent.url;
}

describe("errors.error-envelope: the id of an error reply", () => {
  it("fails a reply to a request whose id is null that carries another id", async () => {
    const url = await errorsWithId(({ id }) => (id === null ? "" : (id ?? null)));
    const finding = (await verdictsOn(url, [errorEnvelope], "JSONRPC")).get("errors.error-envelope");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/request id is null: the reply id is "", not null/);
  });

  it("fails an Invalid Request reply with no id member, although the request's id could be read", async () => {
    const url = await errorsWithId(({ id, code }) => (code === -32600 ? undefined : (id ?? null)));
    const finding = (await verdictsOn(url, [errorEnvelope], "JSONRPC")).get("errors.error-envelope");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/the reply has no id/);
  });

  it("fails an agent that refuses a request whose id is null as Invalid Request", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return handCard03(url);
      if (request.id === null || request.jsonrpc !== "2.0") return refusal(-32600);
      return refusal(request.method === "tasks/get" ? -32001 : -32601);
    });
    const finding = (await verdictsOn(agent.url, [errorEnvelope], "JSONRPC")).get("errors.error-envelope");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/id is null was refused as Invalid Request \(-32600\)/);
  });

  it("says every problem: a -32600 reply without its id does not hide a refused null id", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return handCard03(url);
      if (request.id === null || request.jsonrpc !== "2.0") return { id: undefined, ...refusal(-32600) };
      return refusal(request.method === "tasks/get" ? -32001 : -32601);
    });
    const finding = (await verdictsOn(agent.url, [errorEnvelope], "JSONRPC")).get("errors.error-envelope");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/without "jsonrpc": "2.0": the reply has no id/);
    expect(finding?.message).toMatch(/id is null was refused as Invalid Request \(-32600\)/);
  });

  it("fails a read whose id is null answered with an error, where the same read with an id gets the task", async () => {
    // Seen at first sight: "Cannot create success response for request with null ID" (-32603).
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return handCard03(url);
      const task = { kind: "task", id: "t1", contextId: "c1", status: { state: "completed" } };
      if (request.method === "message/send") return { result: task };
      if (request.method !== "tasks/get") return refusal(-32601);
      if (request.params.id !== "t1") return refusal(-32001);
      return request.id === null ? refusal(-32603) : { result: task };
    });
    const finding = (await verdictsOn(agent.url, [errorEnvelope], "JSONRPC")).get("errors.error-envelope");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /a tasks\/get of task t1 whose request id is null was answered HTTP 200 with JSON-RPC error -32603, though the same read with another id gets the task/,
    );
  });

  it("fails a read whose id is 0 or the empty string refused as if it had no id (seen at first sight)", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return handCard03(url);
      const task = { kind: "task", id: "t1", contextId: "c1", status: { state: "completed" } };
      // As `if (!request.id)`: 0 and "" read as no id at all.
      if (request.id !== null && !request.id) return refusal(-32700);
      if (request.method === "message/send") return { result: task };
      if (request.method !== "tasks/get") return refusal(-32601);
      return request.params.id === "t1" ? { result: task } : refusal(-32001);
    });
    const finding = (await verdictsOn(agent.url, [errorEnvelope], "JSONRPC")).get("errors.error-envelope");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /whose request id is 0 was answered HTTP 200 with JSON-RPC error -32700/,
    );
    expect(finding?.message).toMatch(/whose request id is "" was answered/);
    expect(finding?.message).not.toMatch(/whose request id is null/);
  });

  it("fails an agent that refuses a bad request with the id 0 as no id, where no task can be read", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return handCard03(url);
      if (request.id !== null && !request.id) return refusal(-32700);
      return request.method === "message/send" ? refusal(-32602) : refusal(-32601);
    });
    const finding = (await verdictsOn(agent.url, [errorEnvelope], "JSONRPC")).get("errors.error-envelope");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /\(numeric id 0\) was refused with -32700, while the same request with another id got -32602/,
    );
  });

  it("reads with a null id exactly as the read the agent answered: an agent that takes the task id as taskId", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return handCard03(url);
      const task = { kind: "task", id: "t1", contextId: "c1", status: { state: "completed" } };
      if (request.method === "message/send") return { result: task };
      if (request.method !== "tasks/get") return refusal(-32601);
      if (request.params.taskId === undefined) return refusal(-32602);
      return request.params.taskId === "t1" ? { result: task } : refusal(-32001);
    });
    const finding = (await verdictsOn(agent.url, [errorEnvelope], "JSONRPC")).get("errors.error-envelope");
    expect(finding?.message ?? "").not.toMatch(/whose request id is null was answered/);
  });

  it("passes errors that echo every id, null included", async () => {
    const url = await errorsWithId(({ id }) => id ?? null);
    const finding = (await verdictsOn(url, [errorEnvelope], "JSONRPC")).get("errors.error-envelope");
    expect(finding).toMatchObject({ status: "pass" });
  });
});

describe("errors.error-envelope: a read whose id is null that is never answered", () => {
  const startRawAgent = rawAgentsClosedAfterAll();
  it("is said, within the check's time (seen at first sight: the reply is never sent)", async () => {
    const url = await startRawAgent((call, res, agentUrl) => {
      res.setHeader("content-type", "application/json");
      if (!call) return void res.end(JSON.stringify(handCard03(agentUrl)));
      const task = { kind: "task", id: "t1", contextId: "c1", status: { state: "completed" } };
      const reply = (body: object): void =>
        void res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id ?? null, ...body }));
      if (call.method === "message/send") return reply({ result: task });
      if (call.method !== "tasks/get") return reply(refusal(-32601));
      if (call.params.id !== "t1") return reply(refusal(-32001));
      if (call.id === null) return; // left open
      reply({ result: task });
    });
    const finding = (await verdictsOn(url, [errorEnvelope], "JSONRPC")).get("errors.error-envelope");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/a tasks\/get of task t1 whose request id is null got no answer/);
  });
});

/**
 * A 0.3 agent whose body parser answers an unparsable body with its framework's own 400: an HTML page
 * (Express's default) or a JSON body whose `error` is a string (Fastify's, seen at first sight).
 */
async function htmlParseErrors(page: "html" | "fastify" = "html"): Promise<string> {
  return startHttpAgent((req, body, res, url) => {
    res.setHeader("content-type", "application/json");
    if (req.method === "GET") return void res.end(JSON.stringify(handCard03(url)));
    const call = bodyCall(body);
    if (call === undefined) {
      res.statusCode = 400;
      if (page === "fastify")
        return void res.end(
          JSON.stringify({ statusCode: 400, error: "Bad Request", message: "Unexpected token in JSON" }),
        );
      res.setHeader("content-type", "text/html");
      return void res.end("<!DOCTYPE html><pre>SyntaxError: Unexpected token</pre>");
    }
    const id = call && "id" in call ? call.id : null;
    const reply =
      call?.jsonrpc !== "2.0" || typeof call.method !== "string"
        ? refusal(-32600)
        : call.method === "message/send"
          ? { result: { kind: "task", id: "t1", contextId: "c1", status: { state: "completed" } } }
          : call.method === "tasks/get"
            ? refusal(-32001)
            : refusal(-32601);
    res.end(JSON.stringify({ jsonrpc: "2.0", id, ...reply }));
  });
}

const startHttpAgent = httpAgentsClosedAfterAll();

describe("errors.error-envelope and an HTML page for an unparsable body", () => {
  it("leaves the page to errors.parse-error, which reports it once", async () => {
    const byId = await verdictsOn(await htmlParseErrors(), [errorEnvelope, parseError], "JSONRPC");
    expect(byId.get("errors.parse-error")).toMatchObject({ status: "fail" });
    expect(byId.get("errors.error-envelope")?.message ?? "").not.toMatch(/not valid JSON/);
  });

  it("leaves a web framework's own JSON 400 (an `error` string, no JSON-RPC error object) to errors.parse-error too", async () => {
    const byId = await verdictsOn(await htmlParseErrors("fastify"), [errorEnvelope, parseError], "JSONRPC");
    expect(byId.get("errors.parse-error")).toMatchObject({ status: "fail" });
    expect(byId.get("errors.error-envelope")?.message ?? "").not.toMatch(/not valid JSON/);
    expect(byId.get("errors.error-envelope")?.status).toBe("pass");
  });
});

/**
 * A 1.0 agent that judges A2A-Version before it reads the body: an unserved version is refused with
 * VersionNotSupported, its id null (seen at first sight) or, with `echo`, the request's own.
 */
async function versionRefusedBeforeBody(echo: boolean): Promise<string> {
  return startHttpAgent((req, body, res, url) => {
    res.setHeader("content-type", "application/json");
    if (req.method === "GET") return void res.end(JSON.stringify(handCard10(url)));
    const call = bodyCall(body);
    if (call === undefined) {
      return void res.end(JSON.stringify({ jsonrpc: "2.0", id: null, ...refusal(-32700) }));
    }
    const id = call && "id" in call ? call.id : null;
    if (req.headers["a2a-version"] === "99.0")
      return void res.end(JSON.stringify({ jsonrpc: "2.0", id: echo ? id : null, ...refusal(-32009) }));
    const reply =
      call?.jsonrpc !== "2.0" || typeof call.method !== "string"
        ? refusal(-32600)
        : call.method === "GetTask"
          ? refusal(-32001)
          : refusal(-32601);
    res.end(JSON.stringify({ jsonrpc: "2.0", id, ...reply }));
  });
}

describe("errors.error-envelope and a version refusal", () => {
  it("fails a VersionNotSupported reply to a well-formed request that carries id null (seen at first sight)", async () => {
    const finding = (await verdictsOn(await versionRefusedBeforeBody(false), [errorEnvelope], "JSONRPC")).get(
      "errors.error-envelope",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/the error reply to a GetTask with A2A-Version: 99\.0 carries id null/);
  });

  it("passes the same refusal with the request's id", async () => {
    const finding = (await verdictsOn(await versionRefusedBeforeBody(true), [errorEnvelope], "JSONRPC")).get(
      "errors.error-envelope",
    );
    expect(finding?.message ?? "").not.toMatch(/A2A-Version: 99\.0/);
  });
});

/**
 * A 0.3 agent whose every reply carries an id of its own making where no id could be read (a fresh UUID for an
 * unparsable body or a body that is no request, seen at first sight), and echoes every id it can read.
 */
async function madeUpIdsWhenUnread(): Promise<string> {
  return startHttpAgent((req, body, res, base) => {
    res.setHeader("content-type", "application/json");
    if (req.method === "GET") return void res.end(JSON.stringify(handCard03(base)));
    const answer = (id: unknown, code: number): void =>
      void res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message: "refused" } }));
    let call: unknown;
    try {
      call = JSON.parse(body);
    } catch {
      return answer("made-up-1", -32700);
    }
    const request = call as { jsonrpc?: unknown; id?: unknown; method?: unknown } | null;
    const valid = request?.jsonrpc === "2.0" && typeof request.method === "string";
    if (!request || typeof request !== "object" || request.id === undefined)
      return answer("made-up-2", valid ? -32601 : -32600);
    if (!valid) return answer(request.id, -32600);
    answer(request.id, request.method === "tasks/get" ? -32001 : -32601);
  });
}

describe("errors.error-envelope and the id of a reply to a body with no id to read", () => {
  it("leaves a made-up id on a Parse error or an Invalid Request to the checks of those errors: one defect, one finding", async () => {
    const byId = await verdictsOn(await madeUpIdsWhenUnread(), [errorEnvelope, parseError], "JSONRPC");
    expect(byId.get("errors.parse-error")).toMatchObject({ status: "fail" });
    expect(byId.get("errors.error-envelope")?.message ?? "").not.toMatch(/made-up/);
  });
});
