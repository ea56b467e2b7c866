import { z } from "zod";
import {
  authSchema,
  cardReply,
  chatReply,
  errorReply,
  moduleRow,
  project,
  runResult,
  runSummary,
  secretName,
  storedRun,
  storedTest,
} from "../model/api.js";
import { storedRunStatuses } from "../model/run-status.js";
import { configSchema, testSchema } from "../runner/test-definition.js";
import { requestJsonSchema } from "./request-schemas.js";

/**
 * The component schemas of the OpenAPI document (docs/api.md), every one generated from the zod schemas
 * of src/model/api.ts (and, for tests, of the test-file schema) that the server and its clients use.
 */
type Schema = Record<string, unknown>;

/** A response schema as the JSON Schema (draft 2020-12, as OpenAPI 3.1 uses) of what the server sends. */
function responseJsonSchema(schema: z.ZodType): Schema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" });
  return rest;
}

export const schemas: Record<string, Schema> = {
  Error: responseJsonSchema(errorReply),
  Project: responseJsonSchema(project),
  Module: responseJsonSchema(moduleRow),
  SecretName: responseJsonSchema(secretName),
  TestConfig: requestJsonSchema(configSchema),
  TestDefinition: {
    ...requestJsonSchema(testSchema),
    description:
      "Exactly the test JSON of the examples of docs/test-files.md; kind a2a: card + smoke or conversation, conversation: with an A2A target, conformance: the suite.",
    required: ["module_id", "name", "kind", "config"],
  },
  Test: responseJsonSchema(storedTest),
  RunStatus: {
    enum: [...storedRunStatuses],
    description: "canceled: stopped by POST /api/runs/{id}/cancel before it finished",
  },
  RunSummary: responseJsonSchema(runSummary),
  Run: responseJsonSchema(storedRun),
  RunResult: {
    ...responseJsonSchema(runResult),
    description: "The result JSON of docs/result-format.md (secrets redacted).",
  },
  InspectorAuth: requestJsonSchema(authSchema),
  ChatReply: responseJsonSchema(chatReply),
  CardReply: responseJsonSchema(cardReply),
};
