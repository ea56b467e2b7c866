import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import invalidRequest from "./invalid-request.js";

const startHandAgent = handAgentsClosedAfterAll();

/** A 0.3 agent that refuses what is no request with -32600, its id as `idOmittedWhenUnread` says. */
async function refusesInvalidRequests(idOmittedWhenUnread: boolean): Promise<string> {
  const agent = await startHandAgent(
    (request, url) => {
      if (request.kind === "card") return handCard03(url);
      return request.jsonrpc !== "2.0" ? refusal(-32600) : refusal(-32601);
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
});
