import { protocolGenerations } from "../model/generation.js";
import { transports } from "../model/transport.js";
import { runKinds } from "../model/result.js";
import { configSchema, testSchema } from "../runner/test-definition.js";
import { authSchema } from "./inspector-auth.js";
import { requestJsonSchema } from "./request-schemas.js";

/**
 * The component schemas of the OpenAPI document (docs/api.md). Request shapes are generated from
 * the zod schemas that validate them; response shapes are written here.
 */
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
  TestConfig: requestJsonSchema(configSchema),
  TestDefinition: {
    ...requestJsonSchema(testSchema),
    description:
      "Exactly the test JSON of the examples of docs/test-files.md; kind a2a: card + smoke or conversation, conversation: with an A2A target, conformance: the suite.",
    required: ["module_id", "name", "kind", "config"],
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
  RunStatus: {
    enum: ["queued", "running", "passed", "failed", "error", "canceled"],
    description: "canceled: stopped by POST /api/runs/{id}/cancel before it finished",
  },
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
          attempts: {
            type: "integer",
            description: "how many times an executor started it (a worker that died mid-run counts)",
          },
          result: { oneOf: [{ type: "null" }, ref("RunResult")], description: "null until the run finishes" },
        },
      },
    ],
  },
  RunResult: {
    type: "object",
    description: "The result JSON of docs/result-format.md (secrets redacted).",
    required: ["tool", "kind", "status", "scores", "traffic"],
    properties: {
      tool: { type: "object" },
      kind: { enum: [...runKinds] },
      status: { enum: ["passed", "failed", "error"] },
      reason: { type: "string" },
      scores: { type: "object" },
      card: { type: "object" },
      endpoint: { type: "object" },
      smoke: { type: "object" },
      findings: { type: "array", items: { type: "object" } },
      transcript: { type: "array" },
      verdicts: { type: "array" },
      load: {
        type: "object",
        description: "load runs: settings, latency percentiles, errors by kind, timeline",
      },
      redteam: {
        type: "object",
        description: "red-team runs: per-pack attempts, successes, rates and intervals",
      },
      traffic: { type: "array", items: { type: "object" } },
    },
  },
  InspectorAuth: requestJsonSchema(authSchema),
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
      problems: {
        type: "array",
        items: { type: "string" },
        description: "what the protocol validator found in the replies",
      },
      generation: { enum: [...protocolGenerations] },
      transport: { enum: [...transports] },
    },
  },
};
