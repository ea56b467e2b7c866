import { describe, expect, it } from "vitest";
import { startReferenceAgent, type AgentProtocol, type ReferenceAgentOptions } from "../../agent/index.js";
import type { ProtocolGeneration } from "../../model/generation.js";
import { oneCheckRunner } from "../../runner/testing/one-check.js";
import { cardSchemaIssues } from "../support/a2a-schema.js";
import schemaValid from "./schema-valid.js";

// Every card the reference agent serves: plain, behind a bearer token (a declared scheme and requirement), with a
// required extension, without push notifications.
const variants: Array<[string, ReferenceAgentOptions]> = [
  ["its default card", {}],
  ["its card with a bearer scheme", { bearerToken: "plainwright-schema-token" }],
  ["its card with a required extension", { requiredExtension: true }],
  ["its card without push notifications", { pushNotifications: false }],
];

const generations: Array<[AgentProtocol, ProtocolGeneration]> = [
  ["0.3", "0.3"],
  ["1.0", "1.0"],
];

describe("the cards the reference agent serves against the schema of their version", () => {
  for (const [protocol, generation] of generations)
    it.each(variants)(`A2A ${protocol}: %s has no issue`, async (_name, options) => {
      const agent = await startReferenceAgent({ port: 0, protocol, ...options });
      try {
        const response = await fetch(agent.cardUrl, { signal: AbortSignal.timeout(10_000) });
        expect(response.status).toBe(200);
        const card: unknown = await response.json();
        expect(await cardSchemaIssues(card, generation)).toEqual([]);
      } finally {
        await agent.close();
      }
    });

  it("finds the flaw that drops the provider's url in the 1.0 card", async () => {
    const agent = await startReferenceAgent({ port: 0, protocol: "1.0", flaw: "card-provider-no-url" });
    try {
      const card: unknown = await (
        await fetch(agent.cardUrl, { signal: AbortSignal.timeout(10_000) })
      ).json();
      expect((await cardSchemaIssues(card, "1.0"))?.map((i) => i.message)).toEqual([
        "provider.url is required by the A2A 1.0.1 proto",
      ]);
    } finally {
      await agent.close();
    }
  });
});

describe("card.schema-valid's verdict", () => {
  const conform = oneCheckRunner(schemaValid);

  it("never claims a valid card when the schema's problems are only reported by the card's other checks", async () => {
    const result = await conform("0.3", "card-missing-name");
    const finding = result.findings?.find((f) => f.id === "card.schema-valid");
    expect(finding?.status).toBe("pass");
    expect(finding?.message).toMatch(
      /beyond the 1 problem\(s\) the card's validation lists already, as errors other checks judge or as warnings \(at name\)/,
    );
    expect(finding?.message).not.toMatch(/^the card validates/);
  });
});

describe("a 1.0 card whose security is written in the 0.x form", () => {
  const base = {
    name: "n",
    description: "d",
    version: "1",
    supportedInterfaces: [
      { url: "http://127.0.0.1:1/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
    ],
    capabilities: {},
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "s", name: "s", description: "d", tags: ["t"] }],
  };

  it("has an issue for each scheme that sets no member of the oneof and each requirement without schemes", async () => {
    const issues = await cardSchemaIssues(
      {
        ...base,
        securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
        securityRequirements: [{ bearer: [] }],
      },
      "1.0",
    );
    expect(issues?.map((i) => i.path)).toEqual(["securityRequirements[0]", "securitySchemes.bearer"]);
    expect(issues?.[1]?.message).toMatch(
      /sets none of apiKeySecurityScheme, httpAuthSecurityScheme.*"type": "http" is the 0\.x form/,
    );
  });

  it("has none when the same security is written in the 1.0 form", async () => {
    const issues = await cardSchemaIssues(
      {
        ...base,
        securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: "bearer" } } },
        securityRequirements: [{ schemes: { bearer: { list: [] } } }],
      },
      "1.0",
    );
    expect(issues).toEqual([]);
  });
});
