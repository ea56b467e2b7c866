import { withCommonErrors } from "./openapi-errors.js";
import { toolVersion } from "../runner/version.js";
import { schemas } from "./openapi-schemas.js";
import { cardBody, chatBody, nameBody, secretBody } from "../model/api.js";
import { requestJsonSchema } from "./request-schemas.js";

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema) => ({ "application/json": { schema } });
const ok = (description: string, schema: Schema, status = "200") => ({
  [status]: { description, content: json(schema) },
});
const err = (...codes: number[]) =>
  Object.fromEntries(codes.map((c) => [String(c), { $ref: `#/components/responses/E${c}` }]));
const idParam = (what: string) => [
  { name: "id", in: "path", required: true, schema: { type: "string" }, description: `the ${what}'s id` },
];
const body = (schema: Schema) => ({ required: true, content: json(schema) });
const nameRequest = body(requestJsonSchema(nameBody));
const sse = (description: string) => ({
  "200": { description, content: { "text/event-stream": { schema: { type: "string" } } } },
});

const paths: Record<string, Schema> = {
  "/api/projects": {
    get: {
      summary: "List projects",
      responses: { ...ok("projects", { type: "array", items: ref("Project") }), ...err(401) },
    },
    post: {
      summary: "Create a project",
      requestBody: nameRequest,
      responses: { ...ok("created", ref("Project"), "201"), ...err(400, 401, 409) },
    },
  },
  "/api/projects/{id}": {
    parameters: idParam("project"),
    get: { summary: "Read a project", responses: { ...ok("the project", ref("Project")), ...err(401, 404) } },
    patch: {
      summary: "Rename a project",
      requestBody: nameRequest,
      responses: { ...ok("renamed", ref("Project")), ...err(400, 401, 404, 409) },
    },
    delete: {
      summary: "Delete a project with its modules, tests, runs and secrets",
      responses: { "204": { description: "deleted" }, ...err(401, 404) },
    },
  },
  "/api/modules/{id}": {
    parameters: idParam("module"),
    get: { summary: "Read a module", responses: { ...ok("the module", ref("Module")), ...err(401, 404) } },
    patch: {
      summary: "Rename a module",
      requestBody: nameRequest,
      responses: { ...ok("renamed", ref("Module")), ...err(400, 401, 404, 409) },
    },
    delete: {
      summary: "Delete a module with its tests and their runs",
      responses: { "204": { description: "deleted" }, ...err(401, 404) },
    },
  },
  "/api/projects/{id}/modules": {
    parameters: idParam("project"),
    get: {
      summary: "List a project's modules",
      responses: { ...ok("modules", { type: "array", items: ref("Module") }), ...err(401, 404) },
    },
    post: {
      summary: "Create a module",
      requestBody: nameRequest,
      responses: { ...ok("created", ref("Module"), "201"), ...err(400, 401, 404, 409) },
    },
  },
  "/api/projects/{id}/secrets": {
    parameters: idParam("project"),
    get: {
      summary: "List secret names (values are never returned)",
      responses: { ...ok("names", { type: "array", items: ref("SecretName") }), ...err(401, 404) },
    },
  },
  "/api/projects/{id}/secrets/{name}": {
    parameters: [
      ...idParam("project"),
      {
        name: "name",
        in: "path",
        required: true,
        schema: { type: "string", pattern: "^[A-Za-z_][A-Za-z0-9_]*$" },
      },
    ],
    put: {
      summary: "Set a secret (write-only); tests use it as {{secrets.NAME}}",
      requestBody: body(requestJsonSchema(secretBody)),
      responses: { ...ok("stored (the value is not echoed)", ref("SecretName")), ...err(400, 401, 404) },
    },
    delete: {
      summary: "Delete a secret",
      responses: { "204": { description: "deleted" }, ...err(401, 404) },
    },
  },
  "/api/modules/{id}/tests": {
    parameters: idParam("module"),
    get: {
      summary: "List a module's tests",
      responses: { ...ok("tests", { type: "array", items: ref("Test") }), ...err(401, 404) },
    },
  },
  "/api/tests": {
    post: {
      summary: "Create a test from the test JSON of docs/test-files.md",
      requestBody: body(ref("TestDefinition")),
      responses: { ...ok("created", ref("Test"), "201"), ...err(400, 401) },
    },
  },
  "/api/tests/{id}": {
    parameters: idParam("test"),
    get: { summary: "Read a test", responses: { ...ok("the test", ref("Test")), ...err(401, 404) } },
    patch: {
      summary:
        "Replace a test's definition with the test JSON of docs/test-files.md, validated as on create; module_id defaults to the test's module",
      requestBody: body(ref("TestDefinition")),
      responses: { ...ok("updated", ref("Test")), ...err(400, 401, 404) },
    },
    delete: {
      summary: "Delete a test and its runs",
      responses: { "204": { description: "deleted" }, ...err(401, 404) },
    },
  },
  "/api/tests/{id}/runs": {
    parameters: idParam("test"),
    post: {
      summary: "Start a run (queued, then executed in the background)",
      responses: { ...ok("queued", ref("RunSummary"), "201"), ...err(401, 404) },
    },
    get: {
      summary: "List a test's runs, newest first",
      responses: { ...ok("runs", { type: "array", items: ref("RunSummary") }), ...err(401, 404) },
    },
  },
  "/api/runs/{id}": {
    parameters: idParam("run"),
    get: {
      summary: "Read a run and its result",
      responses: { ...ok("the run", ref("Run")), ...err(401, 404) },
    },
  },
  "/api/runs/{id}/cancel": {
    parameters: idParam("run"),
    post: {
      summary: "Cancel a queued or running run: its work is aborted and its status becomes canceled",
      responses: { ...ok("the canceled run", ref("Run")), ...err(401, 404, 409) },
    },
  },
  "/api/runs/{id}/events": {
    parameters: idParam("run"),
    get: {
      summary:
        "Follow a run: status {status}; the runner's events, each named by its type with the event as data (run-started, card-read, check-finished, turn-received, run-finished with the result...); progress {line} for each line a person reads; and a final done {status}",
      responses: { ...sse("event stream"), ...err(401, 404) },
    },
  },
  "/api/inspect/sessions": {
    post: {
      summary: "Open an inspector session (its own debug console)",
      responses: {
        ...ok("session", { type: "object", properties: { id: { type: "string" } } }, "201"),
        ...err(401),
      },
    },
  },
  "/api/inspect/sessions/{id}/traffic": {
    parameters: idParam("session"),
    get: {
      summary: "The session's raw traffic, live: one `entry` event per traffic entry as it changes",
      responses: { ...sse("event stream"), ...err(401, 404) },
    },
  },
  "/api/inspect/card": {
    post: {
      summary: "Find, validate and resolve an agent's card (no message sent)",
      requestBody: body(requestJsonSchema(cardBody)),
      responses: {
        ...ok("card result", ref("CardReply")),
        ...err(400, 401, 404),
      },
    },
  },
  "/api/inspect/chat": {
    post: {
      summary:
        "Send one chat turn to the session's agent; streams `update` and `done` events when the agent streams",
      requestBody: body(requestJsonSchema(chatBody)),
      responses: {
        "200": {
          description: "the reply",
          content: { ...json(ref("ChatReply")), "text/event-stream": { schema: { type: "string" } } },
        },
        ...err(400, 401, 404, 409),
      },
    },
  },
};

const responseFor = (code: number, description: string) => ({ description, content: json(ref("Error")) });

/** The OpenAPI 3.1 document served at GET /api/openapi.json: the reference for the REST API. */
export const openApiDocument = withCommonErrors({
  openapi: "3.1.0",
  info: {
    title: "Plainwright REST API",
    version: toolVersion,
    description:
      "Projects hold modules, modules hold tests, tests have runs. Errors are {error: {message, field?}}.",
  },
  servers: [{ url: "/" }],
  security: [{ bearer: [] }, {}],
  paths: {
    "/api/openapi.json": {
      get: { summary: "This document", responses: { "200": { description: "OpenAPI 3.1" } } },
    },
    ...paths,
  },
  components: {
    schemas,
    securitySchemes: {
      bearer: { type: "http", scheme: "bearer", description: "the --token given to plainwright serve" },
    },
    responses: {
      E400: responseFor(400, "invalid input; error.field names the field"),
      E401: responseFor(401, "missing or wrong API token"),
      E404: responseFor(404, "no such resource"),
      E409: responseFor(
        409,
        "conflicts with the current state (duplicate name, no agent loaded, run already finished)",
      ),
    },
  },
});
