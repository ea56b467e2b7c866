import { categoryAliases, checkCategories, checkLevels } from "../checks/types.js";

/** The component schemas of the OpenAPI document (DESIGN.md section 9), kept apart from the paths. */
type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

export const schemas: Record<string, Schema> = {
  Error: {
    type: "object",
    required: ["error"],
    properties: {
      error: {
        type: "object",
        required: ["message"],
        properties: {
          message: { type: "string" },
          field: { type: "string", description: "the field at fault, e.g. config.timeout_s" },
        },
      },
    },
  },
  Project: {
    type: "object",
    required: ["id", "name"],
    properties: {
      id: { type: "string" },
      name: { type: "string" },
      created_at: { type: "string", format: "date-time" },
    },
  },
  Module: {
    type: "object",
    required: ["id", "name", "project_id"],
    properties: {
      id: { type: "string" },
      name: { type: "string" },
      project_id: { type: "string" },
      created_at: { type: "string", format: "date-time" },
    },
  },
  SecretName: {
    type: "object",
    required: ["name"],
    properties: { name: { type: "string" }, updated_at: { type: "string", format: "date-time" } },
  },
  TestConfig: {
    type: "object",
    required: ["agent_url"],
    description: "Seed 000 'Configuration'. {{secrets.NAME}} works in any string.",
    properties: {
      agent_url: { type: "string", description: "the agent's base URL or card URL (http or https)" },
      headers: { type: "object", additionalProperties: { type: "string" } },
      strict_card: { type: "boolean", default: true },
      timeout_s: { type: "integer", minimum: 1, maximum: 300, default: 60 },
      smoke_message: { type: "string" },
      persona: { type: "string" },
      goal: { type: "string" },
      success_criteria: { type: "array", items: { type: "string" } },
      opening_message: { type: "string" },
      max_turns: { type: "integer", minimum: 1, maximum: 50 },
      threshold: { type: "number", minimum: 0, maximum: 1 },
      trials: { type: "integer", minimum: 1, maximum: 100 },
      min_pass_rate: { type: "number", minimum: 0, maximum: 1 },
      hints: {
        type: "object",
        description: "conformance: messages that make the agent ask back or keep working",
        properties: { "input-required": { type: "string" }, slow: { type: "string" } },
        additionalProperties: false,
      },
      transports: { type: "array", items: { enum: ["jsonrpc", "rest", "grpc"] } },
      categories: {
        type: "array",
        items: {
          // The id prefixes; the old long names are accepted and mapped to them.
          enum: [...checkCategories, ...Object.keys(categoryAliases)],
        },
      },
      levels: { type: "array", items: { enum: [...checkLevels] } },
      peer_url: { type: "string", description: "conformance: a second agent for the interop checks" },
    },
  },
  TestDefinition: {
    type: "object",
    required: ["module_id", "name", "kind", "config"],
    description: "Exactly the test JSON of seed 000's examples.",
    properties: {
      module_id: { type: "string" },
      name: { type: "string", minLength: 1 },
      kind: {
        enum: ["a2a", "conversation", "conformance"],
        description:
          "a2a: card + smoke or conversation (seed 000); conversation: with an A2A target; conformance: the suite",
      },
      target: {
        type: "object",
        description:
          'conversation tests: {"type": "a2a", "agent_url": "..."}; the card only finds the endpoint',
        properties: { type: { const: "a2a" }, agent_url: { type: "string" }, headers: { type: "object" } },
      },
      natural_language: { type: "string" },
      config: ref("TestConfig"),
    },
  },
  Test: {
    allOf: [
      ref("TestDefinition"),
      {
        type: "object",
        required: ["id"],
        properties: {
          id: { type: "string" },
          created_at: { type: "string", format: "date-time" },
          warnings: { type: "array", items: { type: "string" } },
          last_run: { oneOf: [{ type: "null" }, ref("RunSummary")] },
        },
      },
    ],
  },
  RunStatus: { enum: ["queued", "running", "passed", "failed", "error"] },
  RunSummary: {
    type: "object",
    required: ["id", "status"],
    properties: {
      id: { type: "string" },
      test_id: { type: "string" },
      status: ref("RunStatus"),
      created_at: { type: "string" },
      started_at: { type: ["string", "null"] },
      finished_at: { type: ["string", "null"] },
    },
  },
  Run: {
    allOf: [
      ref("RunSummary"),
      {
        type: "object",
        required: ["result"],
        properties: {
          progress: { type: "array", items: { type: "string" } },
          result: { oneOf: [{ type: "null" }, ref("RunResult")], description: "null until the run finishes" },
        },
      },
    ],
  },
  RunResult: {
    type: "object",
    description: "The result JSON of DESIGN.md section 3 (secrets redacted).",
    required: ["tool", "kind", "status", "scores", "traffic"],
    properties: {
      tool: { type: "object" },
      kind: { enum: ["a2a", "conformance", "conversation", "redteam"] },
      status: { enum: ["passed", "failed", "error"] },
      reason: { type: "string" },
      scores: { type: "object" },
      card: { type: "object" },
      endpoint: { type: "object" },
      smoke: { type: "object" },
      findings: { type: "array", items: { type: "object" } },
      transcript: { type: "array" },
      verdicts: { type: "array" },
      traffic: { type: "array", items: { type: "object" } },
    },
  },
  InspectorAuth: {
    type: "object",
    properties: {
      type: { enum: ["none", "bearer", "basic", "apikey"] },
      token: { type: "string" },
      username: { type: "string" },
      password: { type: "string" },
      key_name: { type: "string" },
      key_value: { type: "string" },
      key_in: { enum: ["header", "query"] },
      headers: {
        type: "array",
        items: { type: "object", properties: { name: { type: "string" }, value: { type: "string" } } },
      },
    },
  },
  ChatReply: {
    type: "object",
    properties: {
      kind: { enum: ["message", "task"] },
      text: { type: "string" },
      state: { type: "string" },
      task_id: { type: "string" },
      context_id: { type: "string" },
      failure: { type: "string" },
      warnings: { type: "array", items: { type: "string" } },
      generation: { enum: ["0.1", "0.2", "0.3", "1.0"] },
      transport: { enum: ["JSONRPC", "HTTP+JSON", "GRPC"] },
    },
  },
};
