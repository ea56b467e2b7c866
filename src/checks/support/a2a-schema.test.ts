import { describe, expect, it } from "vitest";
import { cardSchemaIssues, replySchemaProblem } from "./a2a-schema.js";

const card = {
  name: "Agent",
  description: "Answers questions",
  url: "https://agent.example/a2a",
  version: "1.0.0",
  protocolVersion: "0.3.0",
  capabilities: {},
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "ask", name: "Ask", description: "Ask anything", tags: ["qa"] }],
};

const paths = async (c: unknown) => (await cardSchemaIssues(c, "0.3"))?.map((i) => i.path).sort();

describe("a card against the published A2A JSON schema", () => {
  it("finds nothing in a card that follows the 0.3 schema", async () => {
    expect(await cardSchemaIssues(card, "0.3")).toEqual([]);
  });

  it("finds a provider without its url", async () => {
    expect(await paths({ ...card, provider: { organization: "Org" } })).toEqual(["provider.url"]);
  });

  it("judges each security scheme by the definition its type names, one issue per missing field", async () => {
    const securitySchemes = {
      key: { type: "apiKey" },
      basic: { type: "http" },
      oidc: { type: "openIdConnect" },
      oauth: { type: "oauth2", flows: { clientCredentials: { scopes: {} } } },
    };
    expect(await paths({ ...card, securitySchemes })).toEqual([
      "securitySchemes.basic.scheme",
      "securitySchemes.key.in",
      "securitySchemes.key.name",
      "securitySchemes.oauth.flows.clientCredentials.tokenUrl",
      "securitySchemes.oidc.openIdConnectUrl",
    ]);
  });

  it("says so in words a reader can act on", async () => {
    const issues = await cardSchemaIssues({ ...card, provider: { organization: "Org" } }, "0.3");
    expect(issues?.[0]?.message).toBe("provider.url is required by the A2A 0.3.0 JSON schema");
  });

  it("has no schema to apply to A2A 1.0, which publishes a protobuf", async () => {
    expect(await cardSchemaIssues(card, "1.0")).toBeUndefined();
  });
});

describe("replySchemaProblem", () => {
  const task = { kind: "task", id: "t", contextId: "c", status: { state: "completed" } };

  it("passes a conforming 0.3 Task and names the first member a 0.3 reply lacks", async () => {
    expect(await replySchemaProblem(task, "0.3")).toBeUndefined();
    const update = { kind: "status-update", taskId: "t", contextId: "c", status: { state: "working" } };
    expect(await replySchemaProblem(update, "0.3")).toMatch(
      /TaskStatusUpdateEvent that breaks the schema: final is required by the A2A 0\.3\.0 JSON schema/,
    );
    const message = { kind: "message", role: "agent", messageId: "m", parts: [{ kind: "text" }] };
    expect(await replySchemaProblem(message, "0.3")).toMatch(/parts\[0\]\.text is required/);
  });

  it("leaves out what another check owns, and judges nothing without a schema or a kind", async () => {
    const { contextId: _c, ...bare } = task;
    expect(await replySchemaProblem(bare, "0.3", ["contextId"])).toBeUndefined();
    expect(await replySchemaProblem(bare, "0.3")).toMatch(/contextId is required/);
    expect(await replySchemaProblem({ id: "t" }, "0.3")).toBeUndefined();
    expect(await replySchemaProblem(task, "1.0")).toBeUndefined();
  });
});
