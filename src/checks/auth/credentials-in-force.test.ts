import { describe, expect, it } from "vitest";
import { handAgentsClosedAfterAll, handCard03, verdictsOn } from "../../runner/testing/hand-agent.js";
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
