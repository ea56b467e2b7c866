import { describe, expect, it } from "vitest";
import { cardSchemaIssues, replySchemaProblem, resultSchemaIssues } from "./a2a-schema.js";

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

describe("resultSchemaIssues", () => {
  const task10 = { id: "t", contextId: "c", status: { state: "TASK_STATE_COMPLETED" } };

  it("judges a 1.0 GetTask or CancelTask result as a Task of the proto", async () => {
    expect(await resultSchemaIssues(task10, "GetTask", "1.0")).toEqual([]);
    const { id: _id, ...noId } = task10;
    expect(await resultSchemaIssues(noId, "CancelTask", "1.0")).toEqual([
      { path: "id", message: "id is required by the A2A 1.0.1 proto" },
    ]);
    const working = { ...task10, status: { state: "working" } };
    expect((await resultSchemaIssues(working, "GetTask", "1.0"))?.map((i) => i.path)).toEqual([
      "status.state",
    ]);
  });

  it("judges a 1.0 ListTasks result, which 0.x does not have", async () => {
    const page = { tasks: [task10], nextPageToken: "", pageSize: 50, totalSize: 1 };
    expect(await resultSchemaIssues(page, "ListTasks", "1.0")).toEqual([]);
    expect(await resultSchemaIssues({ ...page, tasks: [{ id: "t" }] }, "ListTasks", "1.0")).toEqual([
      { path: "tasks[0].status", message: "tasks[0].status is required by the A2A 1.0.1 proto" },
    ]);
    expect(await resultSchemaIssues(page, "ListTasks", "0.3")).toBeUndefined();
  });

  it("judges 0.3 push config results, a list item by item", async () => {
    const config = { taskId: "t", pushNotificationConfig: { url: "https://hook.example" } };
    expect(await resultSchemaIssues(config, "SetPushConfig", "0.3")).toEqual([]);
    expect(await resultSchemaIssues([config, { taskId: "t" }], "ListPushConfigs", "0.3")).toEqual([
      {
        path: "[1].pushNotificationConfig",
        message: "[1].pushNotificationConfig is required by the A2A 0.3.0 JSON schema",
      },
    ]);
    expect(await resultSchemaIssues(config, "ListPushConfigs", "0.3")).toEqual([
      { path: "", message: "the result is not an array (A2A 0.3.0 JSON schema)" },
    ]);
    expect(await resultSchemaIssues(config, "GetPushConfig", "0.1")).toBeUndefined();
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
    // A 1.0 reply carries no kind: its shape is judged by lifecycle.wire-format's rules.
    expect(await replySchemaProblem(task, "1.0")).toBeUndefined();
  });
});
