import { describe, expect, it } from "vitest";
import { cardSchemaIssues } from "./a2a-schema.js";
import { resultSchemaIssues } from "./reply-schema.js";

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

  it("reads 0.1's null members as left out, as its text allows (`T | null`), and says a part of no form once", async () => {
    const card01 = { name: "Echo", url: "http://a.example", version: "1", capabilities: {}, skills: [] };
    expect(await cardSchemaIssues({ ...card01, authentication: null, description: null }, "0.1")).toEqual([]);
    const task = {
      id: "t1",
      status: { state: "completed", message: { role: "agent", parts: [{ text: "hi" }] } },
    };
    expect((await resultSchemaIssues(task, "GetTask", "0.1"))?.map((i) => i.message)).toEqual([
      "status.message.parts[0] matches none of the forms the schema allows (A2A 0.1.0 JSON schema)",
    ]);
  });

  it("judges a 0.1 card against the schema 0.1.0 published (its definitions under $defs)", async () => {
    const issues = await cardSchemaIssues({ name: "Tasks", capabilities: {}, skills: [] }, "0.1");
    expect(issues?.map((i) => i.message)).toEqual([
      "url is required by the A2A 0.1.0 JSON schema",
      "version is required by the A2A 0.1.0 JSON schema",
    ]);
  });
});

describe("a 1.0 card against the schema derived from the 1.0.1 proto", () => {
  const { protocolVersion: _p, ...common } = card;
  const card10 = {
    ...common,
    supportedInterfaces: [
      { url: "https://agent.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
    ],
    provider: { organization: "Org", url: "https://org.example" },
    securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: "Bearer" } } },
    securityRequirements: [{ schemes: { bearer: { list: [] } } }],
  };
  const paths10 = async (c: unknown) => (await cardSchemaIssues(c, "1.0"))?.map((i) => i.path).sort();

  it("finds nothing in a card that follows the proto", async () => {
    expect(await cardSchemaIssues(card10, "1.0")).toEqual([]);
  });

  it("finds a provider without its url, which the proto marks REQUIRED, and cites the proto", async () => {
    const issues = await cardSchemaIssues({ ...card10, provider: { organization: "Org" } }, "1.0");
    expect(issues).toEqual([
      { path: "provider.url", message: "provider.url is required by the A2A 1.0.1 proto" },
    ]);
  });

  it("judges each security scheme by the oneof member it sets, one issue per missing field", async () => {
    const securitySchemes = {
      key: { apiKeySecurityScheme: {} },
      basic: { httpAuthSecurityScheme: { description: "no scheme" } },
      oidc: { openIdConnectSecurityScheme: {} },
      oauth: { oauth2SecurityScheme: { flows: { clientCredentials: { scopes: {} } } } },
      mtls: { mtlsSecurityScheme: {} },
      // A 0.3-style scheme sets no member of the oneof: a 1.0 client reads it as no scheme at all.
      old: { type: "http", scheme: "bearer" },
    };
    expect(await paths10({ ...card10, securitySchemes })).toEqual([
      "securitySchemes.basic.httpAuthSecurityScheme.scheme",
      "securitySchemes.key.apiKeySecurityScheme.location",
      "securitySchemes.key.apiKeySecurityScheme.name",
      "securitySchemes.oauth.oauth2SecurityScheme.flows.clientCredentials.tokenUrl",
      "securitySchemes.oidc.openIdConnectSecurityScheme.openIdConnectUrl",
      "securitySchemes.old",
    ]);
  });

  it("says when a scheme sets two members of the oneof", async () => {
    const both = { httpAuthSecurityScheme: { scheme: "Bearer" }, mtlsSecurityScheme: {} };
    const issues = await cardSchemaIssues({ ...card10, securitySchemes: { both } }, "1.0");
    expect(issues?.map((i) => i.message)).toEqual([
      "securitySchemes.both sets more than one member of a oneof (A2A 1.0.1 proto)",
    ]);
  });

  it("finds securitySchemes given as a list, not a map of names to schemes, on every generation", async () => {
    const issues = await cardSchemaIssues({ ...card10, securitySchemes: [] }, "1.0");
    expect(issues?.map((i) => i.message)).toEqual([
      "securitySchemes must be an object mapping scheme names to SecurityScheme objects, not an array (A2A 1.0.1 proto)",
    ]);
    expect(await paths({ ...card, securitySchemes: "bearer" })).toEqual(["securitySchemes"]);
  });

  it("finds members of the wrong type and enum values the proto does not name", async () => {
    expect(await paths10({ ...card10, skills: "ask", capabilities: { streaming: "yes" } })).toEqual([
      "capabilities.streaming",
      "skills",
    ]);
  });
});
