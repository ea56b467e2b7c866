import type { Mutation } from "../types.js";
import { GRPC_FAILED_PRECONDITION, grpcAsInternal } from "./grpc-shapes.js";
import { VERSION_NOT_SUPPORTED, asInternalError } from "./shapes.js";
import { a2aErrorReply, headerValue, mark, marked } from "./answers.js";
import { isObject } from "../exchange.js";

// Deviations in how an agent negotiates the A2A version (A2A 1.0.1 §3.6): the A2A-Version header, empty,
// missing, with a patch number, and the VersionNotSupported refusal itself.

/** The mark of a request that carried no A2A-Version, or an empty one (A2A 1.0.1 §3.6.2: read as 0.3). */
const NO_VERSION = "no-a2a-version";
/** The mark of a request that asked for A2A 1.0 by name, which version-1-0-refused-yet-served refuses. */
const ASKS_FOR_1_0 = "asks-for-1-0";
/** The mark of a request that named 1.0 with a patch number, which version-patch-refused refuses. */
const ASKS_WITH_PATCH = "asks-with-patch";

/** A reply hook: a request that bears `mark` is refused with VersionNotSupported, whatever the agent said. */
const versionRefusedWhenMarked =
  (mark: string): NonNullable<Mutation["reply"]> =>
  (r, x) =>
    marked(x, mark)
      ? a2aErrorReply(r, x, VERSION_NOT_SUPPORTED, "Protocol version not supported")
      : undefined;

/** VersionNotSupported answered as an internal error, on every binding of a 1.0 agent. */
const versionRefusalAsInternal: Pick<Mutation, "generations" | "bindings" | "reply" | "grpcReply"> = {
  generations: ["1.0"],
  bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
  reply: (r, x) => asInternalError(r, x, VERSION_NOT_SUPPORTED),
  grpcReply: (r, x) => (x.verb !== "subscribe" ? grpcAsInternal(r, GRPC_FAILED_PRECONDITION) : undefined),
};

/** The mark of 0.3's tasks/get sent with A2A-Version 1.0, which older-method-served-under-1-0 serves as 0.3. */
const OLDER_GET_AS_1_0 = "older-get-as-1-0";

/** A 1.0 task (ProtoJSON) spelled as 0.3 writes it: kind "task", its state in kebab case; false if none. */
function spelledAsOlder(task: unknown): boolean {
  if (!isObject(task) || !isObject(task.status) || typeof task.status.state !== "string") return false;
  task.kind = "task";
  task.status.state = task.status.state
    .replace(/^TASK_STATE_/, "")
    .toLowerCase()
    .replace(/_/g, "-");
  return true;
}

/** Deviations in version negotiation, 1.0 agents only. */
export const versionMutations: Mutation[] = [
  {
    id: "version-not-supported-as-internal-error",
    violates: ["VER-SERVER-002"],
    what: "a request for an A2A version the agent does not serve is answered as an internal error",
    clause: "A2A 1.0.1 §3.6.2 (VersionNotSupportedError), §10.6, §11.6",
    check: "errors.version-not-supported",
    ...versionRefusalAsInternal,
  },
  {
    // Seen at first sight: a server that answers 1.0's method names in 1.0's shapes, but only to requests
    // that leave the header off. The request hook marks the one that names 1.0 (only it sees the headers)
    // and hands the agent the others as 1.0 requests; a stream's refusal is not played (its reply is no
    // buffered one), and no check sends a stream that names the version when the run goes without it.
    id: "version-1-0-refused-yet-served",
    violates: ["VER-SERVER-001"],
    what: "a request with A2A-Version: 1.0 is refused with VersionNotSupported, while the same request without the header is served as 1.0",
    clause:
      "A2A 1.0.1 §3.6.2 (Agents MUST process requests using the semantics of the requested A2A-Version)",
    check: "errors.version-served",
    generations: ["1.0"],
    bindings: ["JSONRPC", "HTTP+JSON"],
    request: (r, x) => {
      const version = headerValue(r.headers, "a2a-version")?.trim() ?? "";
      if (/^1\.0(\.\d+)?$/.test(version)) {
        mark(x, ASKS_FOR_1_0);
        return undefined;
      }
      return version === "" ? { ...r, headers: { ...r.headers, "a2a-version": "1.0" } } : undefined;
    },
    reply: versionRefusedWhenMarked(ASKS_FOR_1_0),
  },
  {
    // Seen at first sight: an agent serving 0.3 and 1.0 at one URL dispatched by method name alone. The request
    // hook hands the agent GetTask (the reference agents serve no 0.3 names at their 1.0 URL) and the reply
    // is spelled as 0.3's. Its traffic is 0.3-named, so the hooks take every generation's; only 1.0 agents play it.
    id: "older-method-served-under-1-0",
    violates: ["VER-SERVER-001"],
    what: "0.3's tasks/get, sent with A2A-Version: 1.0, is served with 0.3 semantics (a 0.3 Task)",
    clause:
      "A2A 1.0.1 §3.6.2 (Agents MUST process requests using the semantics of the requested A2A-Version), §9.1 (GetTask)",
    check: { "1.0": "errors.version-served" },
    bindings: ["JSONRPC"],
    request: (r, x) => {
      const version = headerValue(r.headers, "a2a-version")?.trim() ?? "";
      if (
        x.binding !== "jsonrpc" ||
        !/^1\.\d+/.test(version) ||
        !isObject(r.body) ||
        r.body.method !== "tasks/get"
      )
        return undefined;
      mark(x, OLDER_GET_AS_1_0);
      r.body.method = "GetTask";
      return r;
    },
    reply: (r, x) =>
      marked(x, OLDER_GET_AS_1_0) && isObject(r.body) && spelledAsOlder(r.body.result) ? r : undefined,
  },
  {
    // Seen at first sight: the header compared whole with "1.0", so "1.0.1" is refused.
    id: "version-patch-refused",
    what: "a request with A2A-Version: 1.0.1 is refused with VersionNotSupported, while 1.0 is served",
    clause:
      "A2A 1.0.1 §3.6 (patch version numbers MUST not be considered when clients and servers negotiate protocol versions), §3.6.2 (matching Major.Minor)",
    check: "errors.version-served",
    generations: ["1.0"],
    bindings: ["JSONRPC", "HTTP+JSON"],
    request: (r, x) => {
      if (/^1\.0\.\d+$/.test(headerValue(r.headers, "a2a-version")?.trim() ?? "")) mark(x, ASKS_WITH_PATCH);
      return undefined;
    },
    reply: versionRefusedWhenMarked(ASKS_WITH_PATCH),
  },
  {
    // Seen at first sight: a JSON-RPC endpoint that refuses "1.0.1" with HTTP 400 in google.rpc.Status form.
    id: "version-patch-refused-as-http-400",
    what: "a JSON-RPC request with A2A-Version: 1.0.1 is refused with HTTP 400 and a google.rpc.Status body, while 1.0 is served",
    clause:
      "A2A 1.0.1 §3.6 (patch version numbers MUST not be considered when clients and servers negotiate protocol versions)",
    check: "errors.version-served",
    generations: ["1.0"],
    bindings: ["JSONRPC"],
    request: (r, x) => {
      if (/^1\.0\.\d+$/.test(headerValue(r.headers, "a2a-version")?.trim() ?? "")) mark(x, ASKS_WITH_PATCH);
      return undefined;
    },
    reply: (r, x) => {
      if (x.binding !== "jsonrpc" || !marked(x, ASKS_WITH_PATCH)) return undefined;
      r.status = 400;
      r.body = {
        error: { code: 400, status: "INVALID_ARGUMENT", message: "A2A version 1.0.1 not supported" },
      };
      return r;
    },
  },
  {
    // Seen at first sight: the version header judged before the body was read, the refusal sent with id null.
    id: "version-refusal-id-null",
    violates: ["JSONRPC-ERR-001"],
    what: "a well-formed request refused with VersionNotSupported gets its error with id null",
    clause: "JSON-RPC 2.0 §5 (id: It MUST be the same as the value of the id member in the Request Object)",
    check: "errors.error-envelope",
    generations: ["1.0"],
    bindings: ["JSONRPC"],
    reply: (r, x) => {
      if (
        x.binding !== "jsonrpc" ||
        !isObject(r.body) ||
        !isObject(r.body.error) ||
        r.body.error.code !== VERSION_NOT_SUPPORTED.code
      )
        return undefined;
      if (r.body.id === null) return undefined;
      r.body.id = null;
      return r;
    },
  },
  {
    // Seen at first sight: an empty A2A-Version refused as 0.3, a request without one served as 1.0.
    id: "missing-version-served-as-1-0",
    what: "a request without A2A-Version, at an interface that serves only 1.0, is served as 1.0 (an empty one is refused)",
    clause:
      "A2A 1.0.1 §3.6.1 (0.3 will be assumed for empty header), §3.6.2 (Agents MUST interpret empty value as 0.3 version)",
    check: "errors.empty-version-is-0-3",
    generations: ["1.0"],
    bindings: ["JSONRPC", "HTTP+JSON"],
    // Only a request in 1.0's own form (its method names): a 0.3 request without the header, at an interface that
    // declares 0.3 too, is the agent's to serve as 0.3, and nothing tells the two apart in its answer.
    request: (r, x) =>
      x.generation === "1.0" && headerValue(r.headers, "a2a-version") === undefined
        ? { ...r, headers: { ...r.headers, "a2a-version": "1.0" } }
        : undefined,
  },
  {
    // The same refusal, met by a request without A2A-Version at an interface that serves 1.0 only.
    id: "empty-version-refused-as-internal-error",
    violates: ["VER-SERVER-003"],
    what: "a request without A2A-Version, at an interface that serves only 1.0, is refused as an internal error",
    clause: "A2A 1.0.1 §3.6.2 (an empty version means 0.3: VersionNotSupportedError where 0.3 is not served)",
    check: "errors.empty-version-is-0-3",
    ...versionRefusalAsInternal,
    // Only the refusal of a request that named no version: an agent that also serves 0.3 refuses none of those,
    // and its refusals of other versions are errors.version-not-supported's.
    request: (r, x) => {
      if (!headerValue(r.headers, "a2a-version")?.trim()) mark(x, NO_VERSION);
      return undefined;
    },
    reply: (r, x) => (marked(x, NO_VERSION) ? asInternalError(r, x, VERSION_NOT_SUPPORTED) : undefined),
    grpcRequest: (call, x) => {
      if (!headerValue(call.metadata, "a2a-version")?.trim()) mark(x, NO_VERSION);
      return undefined;
    },
    grpcReply: (r, x) =>
      marked(x, NO_VERSION) && x.verb !== "subscribe"
        ? grpcAsInternal(r, GRPC_FAILED_PRECONDITION)
        : undefined,
  },
  {
    id: "version-parameter-ignored",
    violates: ["HTTP_JSON-SVC-002", "GRPC-META-001", "JSONRPC-SVC-002"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    generations: ["1.0"],
    what: "the agent does not read the A2A-Version service parameter: every request is served as 1.0",
    clause: "A2A 1.0.1 §3.6.2; §9.2, §10.2, §11.2 (A2A-Version as an HTTP header, gRPC metadata)",
    check: "errors.version-not-supported",
    request: (r) => {
      if (r.headers["a2a-version"] === undefined) return undefined;
      r.headers["a2a-version"] = "1.0";
      return r;
    },
    grpcRequest: (call) => {
      if (call.metadata["a2a-version"] === undefined) return undefined;
      call.metadata["a2a-version"] = "1.0";
      return call;
    },
  },
  {
    // Seen at first sight: another major refused, any 1.x served as 1.0.
    id: "minor-version-served-as-1-0",
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    generations: ["1.0"],
    what: "the agent compares only the major of A2A-Version: a 1.x minor it does not serve is served as 1.0",
    clause:
      "A2A 1.0.1 §3.6.2 (Agents MUST process requests using the semantics of the requested A2A-Version, matching Major.Minor)",
    check: "errors.version-not-supported",
    request: (r) => {
      const version = r.headers["a2a-version"];
      if (typeof version !== "string" || !/^1\.[1-9]/.test(version)) return undefined;
      r.headers["a2a-version"] = "1.0";
      return r;
    },
    grpcRequest: (call) => {
      const version = call.metadata["a2a-version"];
      if (typeof version !== "string" || !/^1\.[1-9]/.test(version)) return undefined;
      call.metadata["a2a-version"] = "1.0";
      return call;
    },
  },
];
