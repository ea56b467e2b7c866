import { a2aCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass } from "../define.js";
import { getMissingTaskAs } from "../support/versioned-get.js";
import { describeFailure, errorCalled } from "../../client/describe-failure.js";

/** A Major.Minor no agent serves: far beyond any published version, still well formed. */
const UNSUPPORTED_VERSION = "99.0";

export default defineCheck({
  id: "errors.version-not-supported",
  title: "A request for an A2A version the interface does not serve fails with VersionNotSupported",
  category: "errors",
  level: "MUST",
  requirement: `A request carrying the service parameter A2A-Version: ${UNSUPPORTED_VERSION} (an HTTP header on JSON-RPC and HTTP+JSON, gRPC metadata on gRPC) is refused with VersionNotSupportedError (-32009), not served with another version's semantics.`,
  spec: "A2A 1.0 §3.6.2 (server responsibilities); §9.2, §10.2, §11.2 (service parameters per binding)",
  tck: ["VER-SERVER-002", "JSONRPC-SVC-002", "HTTP_JSON-SVC-002", "GRPC-META-001", "JSONRPC-SSE-002"],
  quote: {
    spec: "A2A 1.0.1 §3.6.2",
    text: "Agents MUST process requests using the semantics of the requested `A2A-Version` (matching `Major.Minor`). If the version is not supported by the interface, agents MUST return a `VersionNotSupportedError`.",
  },
  recommendation:
    "Read A2A-Version from the request's headers (gRPC metadata), compare Major.Minor with the versions the interface serves, and answer VersionNotSupportedError (-32009; HTTP 400, gRPC FAILED_PRECONDITION) when it is not one of them.",
  selfTest: [
    {
      flaw: "version-header-ignored",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["VER-SERVER-002", "JSONRPC-SVC-002"],
    },
  ],
  scope: "transport",
  generations: ["1.0"],
  run: async (ctx) => {
    const got = await getMissingTaskAs(ctx, UNSUPPORTED_VERSION);
    const what = `GetTask with A2A-Version: ${UNSUPPORTED_VERSION}`;
    if (got.ok) return fail(`${what} was served (it returned a task)`, got.trafficIds);
    if (got.kind !== "error") return fail(`${what}: ${describeFailure(got)}`, got.trafficIds);
    if (got.error.code !== a2aCodes.versionNotSupported)
      return fail(
        `${what} answered ${errorCalled(got.error)} instead of VersionNotSupported (-32009): the version was not checked`,
        got.trafficIds,
      );
    return pass(`${what} answered VersionNotSupported`, got.trafficIds);
  },
});
