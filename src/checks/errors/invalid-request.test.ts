import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  bodyCall,
  httpAgentsClosedAfterAll,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import invalidRequest from "./invalid-request.js";

const startHandAgent = handAgentsClosedAfterAll();

/** An id JSON-RPC 2.0 §4 allows: a string, a number or null. */
const validId = (id: unknown) => id === null || typeof id === "string" || typeof id === "number";

/**
 * A 0.3 agent that refuses what is no request with -32600, its id as `idOmittedWhenUnread` says; with
 * `anyId`, a request whose id is an object is routed like any other (a get of a missing task: -32001).
 */
async function refusesInvalidRequests(idOmittedWhenUnread: boolean, anyId = false): Promise<string> {
  const agent = await startHandAgent(
    (request, url) => {
      if (request.kind === "card") return handCard03(url);
      if (request.jsonrpc !== "2.0" || (!anyId && !validId(request.id))) return refusal(-32600);
      return request.method === "tasks/get" ? refusal(-32001) : refusal(-32601);
    },
    { idOmittedWhenUnread },
  );
  return agent.url;
}

describe("errors.invalid-request", () => {
  it("passes -32600 replies whose id is null where the body had none to read", async () => {
    const finding = (await verdictsOn(await refusesInvalidRequests(false), [invalidRequest], "JSONRPC")).get(
      "errors.invalid-request",
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/id null where none could be read/);
  });

  it("fails a -32600 reply without an id member: JSON-RPC 2.0 §5 wants null when no id could be read", async () => {
    const finding = (await verdictsOn(await refusesInvalidRequests(true), [invalidRequest], "JSONRPC")).get(
      "errors.invalid-request",
    );
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(
      /-32600 reply to the JSON object \{"not":"jsonrpc"\} has id \(missing\), not null/,
    );
  });

  it("fails a request whose id is an object routed like any other (JSON-RPC 2.0 §4: a String, Number or Null)", async () => {
    const finding = (
      await verdictsOn(await refusesInvalidRequests(false, true), [invalidRequest], "JSONRPC")
    ).get("errors.invalid-request");
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(
      /a request whose id is an object was answered .*-32001.*, not error -32600/,
    );
  });

  it("says every problem: a reply without its id does not hide a routed object id", async () => {
    const finding = (
      await verdictsOn(await refusesInvalidRequests(true, true), [invalidRequest], "JSONRPC")
    ).get("errors.invalid-request");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/has id \(missing\), not null; .*whose id is an object was answered/);
  });
});

describe("errors.invalid-request: a request without a string method", () => {
  const startHttpAgent = httpAgentsClosedAfterAll();

  /** A 0.3 agent that checks jsonrpc and the id, and routes whatever stands in `method` (seen at first sight: -32602). */
  async function routesAnyMethod(): Promise<string> {
    return startHttpAgent((req, body, res, url) => {
      res.setHeader("content-type", "application/json");
      if (req.method === "GET") return void res.end(JSON.stringify(handCard03(url)));
      const call = bodyCall(body);
      if (call === undefined) {
        return void res.end(JSON.stringify({ jsonrpc: "2.0", id: null, ...refusal(-32700) }));
      }
      const id = call && validId(call.id) ? call.id : null;
      const reply =
        call?.jsonrpc !== "2.0" || !validId(call.id)
          ? refusal(-32600)
          : call.method === "tasks/get"
            ? refusal(-32001)
            : refusal(-32602);
      res.end(JSON.stringify({ jsonrpc: "2.0", id, ...reply }));
    });
  }

  it("fails a request without a method, and one whose method is a number, routed as if valid", async () => {
    const finding = (await verdictsOn(await routesAnyMethod(), [invalidRequest], "JSONRPC")).get(
      "errors.invalid-request",
    );
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(/a request without a method was answered .*-32602.*, not error -32600/);
    expect(finding?.message).toMatch(/a request whose method is the number 1 was answered .*-32602/);
  });
});
