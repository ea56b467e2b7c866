import { describe, expect, it } from "vitest";
import {
  type HandRequest,
  handAgentsClosedAfterAll,
  handCard03,
  rawAgentsClosedAfterAll,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import { validCard02 } from "../../card/fixtures.js";
import challenge from "./challenge.js";
import missingCredentialRefused from "./missing-credential-refused.js";
import wrongCredentialRefused from "./wrong-credential-refused.js";
import securityConsistent from "../card/security-consistent.js";

const startHandAgent = handAgentsClosedAfterAll();

const TOKEN = "hand-token";
const authChecks = [challenge, missingCredentialRefused, wrongCredentialRefused];

/** A 0.3 agent whose card declares no security scheme; with `bearer`, it refuses requests without the token. */
async function agentWithoutDeclaredSecurity(bearer?: string): Promise<string> {
  const agent = await startHandAgent(
    (request, url) => {
      if (request.kind === "card") return { ...handCard03(url), security: [], securitySchemes: {} };
      return { error: { code: -32001, message: "task not found" } };
    },
    bearer ? { bearer } : {},
  );
  return agent.url;
}

// The wire decides, the card is a claim: credentials the agent enforces are judged though its card names none.
describe("the auth checks judge credentials the agent enforces, declared or not", () => {
  it("judges an agent that refuses requests without its token though its card declares no scheme", async () => {
    const byId = await verdictsOn(await agentWithoutDeclaredSecurity(TOKEN), authChecks, "JSONRPC", {
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(byId.get("auth.challenge")).toMatchObject({ status: "fail" });
    expect(byId.get("auth.challenge")?.message).toMatch(/no WWW-Authenticate/);
    expect(byId.get("auth.missing-credential-refused")).toMatchObject({ status: "pass" });
    expect(byId.get("auth.wrong-credential-refused")).toMatchObject({ status: "pass" });
  });

  it("does not apply to an agent that declares no scheme and serves without credentials", async () => {
    const byId = await verdictsOn(await agentWithoutDeclaredSecurity(), authChecks, "JSONRPC");
    for (const check of authChecks) {
      expect(byId.get(check.id)?.status, check.id).toBe("skip");
      expect(byId.get(check.id)?.message, check.id).toMatch(/declares no required security scheme/);
    }
  });
});

// A2A 1.0.1 §3.3.2 names a JSON-RPC custom error beside HTTP 401 as a way to reject missing credentials; 0.3
// §4.4 makes 401/403 a SHOULD. Seen at first sight: {"code": 1006, "message": "Authentication required"}.
describe("an agent that refuses requests without credentials inside an HTTP 200 body", () => {
  it("is refused (MUST met), its card is consistent, and the missing 401 and challenge is the SHOULD", async () => {
    const agent = await startHandAgent(
      (request, url) =>
        request.kind === "card" ? handCard03(url) : { error: { code: -32001, message: "task not found" } },
      { bearerInBand: TOKEN },
    );
    const byId = await verdictsOn(agent.url, [...authChecks, securityConsistent], undefined, {
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(byId.get("auth.missing-credential-refused")).toMatchObject({ status: "pass" });
    expect(byId.get("auth.missing-credential-refused")?.message).toMatch(
      /1006: "Authentication required"\), where the same call with the run's credentials got TaskNotFound/,
    );
    expect(byId.get("auth.wrong-credential-refused")).toMatchObject({ status: "pass" });
    expect(byId.get("card.security-consistent")).toMatchObject({ status: "pass" });
    expect(byId.get("auth.challenge")).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(byId.get("auth.challenge")?.message).toMatch(/refused inside the reply's body/);
  });
});

/** A 0.2 card (no protocolVersion) whose only word on security is 0.1's `authentication` member. */
function card02(url: string, schemes: string[]): Record<string, unknown> {
  const { securitySchemes: _s, security: _r, ...card } = validCard02();
  return { ...card, url, authentication: { schemes } };
}

const task02 = (id: string) => ({
  result: { kind: "task", id, contextId: "ctx-1", status: { state: "completed" } },
});

/** A 0.2 agent that answers a send with a finished task and a tasks/get of an unknown task with -32001. */
const agent02 =
  (schemes: string[]) =>
  (request: HandRequest, url: string): unknown => {
    if (request.kind === "card") return card02(url, schemes);
    if (request.method === "message/send") return task02(`task-${Math.random().toString(36).slice(2)}`);
    if (request.method === "tasks/get") return { error: { code: -32001, message: "task not found" } };
    return { error: { code: -32601, message: "method not found" } };
  };

/** Where A2A 0.2 puts the card (0.2.5 §5.3): a versionless card found there is read as 0.2. */
const cardAt02 = (url: string) => `${url}.well-known/agent.json`;

// Seen at first sight (tangle-network/agent-gateway): a 0.2 card with only `authentication: {schemes: ["x402",
// "Bearer"]}`; message/send without credentials is HTTP 402, tasks/get is served without any. 0.2.5 §4.4: "The A2A
// Server: MUST authenticate every incoming request".
describe("an agent that refuses a message without credentials but serves a GetTask without any", () => {
  it("fails auth.missing-credential-refused naming both answers, and auth.challenge for the 402", async () => {
    const agent = await startHandAgent(agent02(["x402", "Bearer"]), { paidSends: TOKEN });
    const byId = await verdictsOn(cardAt02(agent.url), [...authChecks, securityConsistent], undefined, {
      Authorization: `Bearer ${TOKEN}`,
    });
    const missing = byId.get("auth.missing-credential-refused");
    expect(missing).toMatchObject({ status: "fail", level: "MUST" });
    expect(missing?.message).toMatch(
      /a GetTask without credentials was answered with HTTP 200 with TaskNotFound/,
    );
    expect(missing?.message).toMatch(
      /a message without credentials was refused with HTTP 402, where the same call with the run's credentials got a result at HTTP 200/,
    );
    expect(byId.get("auth.challenge")).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(byId.get("auth.challenge")?.message).toMatch(
      /a message without credentials was refused with HTTP 402.*not 401 or 403, and with no WWW-Authenticate/,
    );
    // A GetTask with a made-up token is served as well: a request with an invalid credential is not refused.
    expect(byId.get("auth.wrong-credential-refused")).toMatchObject({ status: "fail" });
    const consistent = byId.get("card.security-consistent");
    expect(consistent).toMatchObject({ status: "pass" });
    expect(consistent?.message).not.toMatch(/serves requests without credentials/);
    expect(consistent?.message).toMatch(
      /only 0.1-style authentication: x402, Bearer.*refused a message without them \(HTTP 402/,
    );
  });

  it("leaves an open 0.2 agent whose card keeps a 0.1 authentication member unjudged, credentials given or not", async () => {
    const agent = await startHandAgent(agent02(["Bearer"]));
    const runs: Array<Record<string, string>> = [{ Authorization: `Bearer ${TOKEN}` }, {}];
    for (const headers of runs) {
      const byId = await verdictsOn(
        cardAt02(agent.url),
        [...authChecks, securityConsistent],
        undefined,
        headers,
      );
      for (const check of authChecks) {
        expect(byId.get(check.id)?.status, check.id).toBe("skip");
        expect(byId.get(check.id)?.message, check.id).toMatch(
          /declares no required security scheme.*0.1-style authentication member \(Bearer\)/,
        );
      }
      expect(byId.get("card.security-consistent")?.message).toMatch(/serves requests without credentials/);
    }
  });
});

const startRawAgent = rawAgentsClosedAfterAll();

/**
 * A 0.3 agent with no security in its card whose tasks/get of an unknown task is HTTP 404 (as OmniRoute answers
 * one); with `refusing`, every POST without the token gets that status and no challenge.
 */
async function rawAgent(refusing?: number): Promise<string> {
  return startRawAgent((call, res, url) => {
    res.setHeader("content-type", "application/json");
    if (!call) return void res.end(JSON.stringify({ ...handCard03(url), security: [], securitySchemes: {} }));
    const authorized = res.req.headers.authorization === `Bearer ${TOKEN}`;
    if (refusing && !authorized) {
      res.statusCode = refusing;
      return void res.end(JSON.stringify({ error: "payment required" }));
    }
    if (call.method === "message/send")
      return void res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...task02("t-1") }));
    res.statusCode = 404;
    res.end(
      JSON.stringify({ jsonrpc: "2.0", id: call.id, error: { code: -32001, message: "task not found" } }),
    );
  });
}

// A refusal is any 4xx the credentialed call does not get (402 Payment Required included); the same 4xx both ways
// (a 404 for a task that does not exist) refuses nothing.
describe("a 4xx is a refusal when the same call with the run's credentials does not get it", () => {
  it("reads a 404 to a GetTask, given with credentials too, as no refusal", async () => {
    const byId = await verdictsOn(await rawAgent(), authChecks, undefined, {
      Authorization: `Bearer ${TOKEN}`,
    });
    for (const check of authChecks) expect(byId.get(check.id)?.status, check.id).toBe("skip");
    expect(byId.get("auth.missing-credential-refused")?.message).toMatch(
      /a GetTask, HTTP 404 with TaskNotFound/,
    );
  });

  it("reads a 402 to every request without the token as a refusal: the MUST is met, the 401 and challenge missing", async () => {
    const byId = await verdictsOn(await rawAgent(402), authChecks, undefined, {
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(byId.get("auth.missing-credential-refused")).toMatchObject({ status: "pass" });
    expect(byId.get("auth.missing-credential-refused")?.message).toMatch(
      /refused with HTTP 402, where the same call with the run's credentials got TaskNotFound \(-32001\) at HTTP 404/,
    );
    expect(byId.get("auth.wrong-credential-refused")).toMatchObject({ status: "pass" });
    expect(byId.get("auth.challenge")).toMatchObject({ status: "fail" });
    expect(byId.get("auth.challenge")?.message).toMatch(/HTTP 402, not 401 or 403/);
  });
});
