import { requestJsonSchema } from "./request-schemas.js";
import { sessionRef, taskBody } from "../model/api.js";

/**
 * The statuses every operation can answer whatever its own errors, and the inspector operations
 * merged into the OpenAPI document so that every 4xx and 5xx is documented.
 */

type Doc = Record<string, unknown> & {
  paths: Record<string, Record<string, unknown>>;
  components: { responses: Record<string, unknown> };
};
type Operation = { responses?: Record<string, unknown>; requestBody?: unknown };

const errorSchema = { $ref: "#/components/schemas/Error" };
const response = (description: string) => ({
  description,
  content: { "application/json": { schema: errorSchema } },
});
const refTo = (code: number) => ({ $ref: `#/components/responses/E${code}` });

/** The shared responses, by status. */
export const commonResponses: Record<number, ReturnType<typeof response>> = {
  403: response(
    "refused before any handler: a foreign Host header, a cross-site Origin or Sec-Fetch-Site, or a page navigation that would act",
  ),
  408: response("the client did not send its whole request (headers and body) in time; no JSON body"),
  413: response("the request body is larger than 1 MB"),
  415: response("the request has a body that is not application/json"),
  429: response("too many inspector calls open at once (per session or in all); the message names the bound"),
  500: response("internal error; the details are in the server's log, never in the reply"),
};

const METHODS = ["get", "post", "put", "patch", "delete"];

const inspectorPaths = {
  "/api/inspect/task": {
    post: {
      summary:
        "The inspector's task controls on the current task: get, cancel, or subscribe (streams `update` and `done` events)",
      requestBody: {
        required: true,
        content: { "application/json": { schema: requestJsonSchema(taskBody) } },
      },
      responses: {
        "200": {
          description: "the task as the chat shows it, its replies checked against the protocol",
          content: {
            "application/json": { schema: { $ref: "#/components/schemas/ChatReply" } },
            "text/event-stream": { schema: { type: "string" } },
          },
        },
        ...Object.fromEntries([400, 401, 404, 409].map((c) => [String(c), refTo(c)])),
      },
    },
  },
  "/api/inspect/stop": {
    post: {
      summary: "Stop every running chat turn and subscription of the session",
      requestBody: {
        required: true,
        content: { "application/json": { schema: requestJsonSchema(sessionRef) } },
      },
      responses: {
        "200": {
          description: "how many calls were stopped",
          content: {
            "application/json": {
              schema: { type: "object", properties: { stopped: { type: "integer" } } },
            },
          },
        },
        ...Object.fromEntries([400, 401, 404].map((c) => [String(c), refTo(c)])),
      },
    },
  },
};

/** `doc` with the inspector's task and stop operations and the shared errors on every operation. */
export function withCommonErrors<T extends Doc>(doc: T): T {
  doc.paths = { ...doc.paths, ...inspectorPaths };
  for (const [code, value] of Object.entries(commonResponses)) doc.components.responses[`E${code}`] = value;
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith("/api/")) continue;
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      const codes = [403, 408, 500];
      if (op.requestBody) codes.push(413, 415);
      if (path === "/api/inspect/chat" || path === "/api/inspect/task") codes.push(429);
      op.responses = { ...op.responses };
      for (const code of codes) op.responses[String(code)] ??= refTo(code);
    }
  }
  return doc;
}
