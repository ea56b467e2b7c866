import { a2aCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass } from "../define.js";
import { getMissingTaskAs } from "../support/versioned-get.js";
import { describeFailure, errorCalled } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** A Major.Minor no agent serves: far beyond any published version, still well formed. */
const UNSUPPORTED_VERSION = "99.0";

export default defineCheck({
  id: "errors.version-not-supported",
  title: "A request for an A2A version the interface does not serve fails with VersionNotSupported",
  category: "errors",
  level: "MUST",
  requirement: `A request carrying the service parameter A2A-Version: ${UNSUPPORTED_VERSION}, or a 1.x minor no interface of the card lists (1.1 beside 1.0), (an HTTP header on JSON-RPC and HTTP+JSON, gRPC metadata on gRPC) is refused with VersionNotSupportedError (-32009), not served with another version's semantics.`,
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
    const far = await judgeVersion(ctx, UNSUPPORTED_VERSION);
    if (far.status !== "pass") return far;
    // A minor the card lists for no interface: 1.0.1 §3.6.2 matches Major.Minor, so 1.0 semantics for a 1.1
    // request are no answer to it (seen at first sight: any 1.x served as 1.0).
    const minor = await judgeVersion(ctx, nextMinor(ctx));
    if (minor.status !== "pass") return minor;
    return pass(`${far.message}; ${minor.message}`, [...(far.evidence ?? []), ...(minor.evidence ?? [])]);
  },
});

/** GetTask of a missing task sent with A2A-Version `version`, which the interface does not serve. */
async function judgeVersion(ctx: CheckContext, version: string): Promise<CheckVerdict> {
  const got = await getMissingTaskAs(ctx, version);
  const what = `GetTask with A2A-Version: ${version}`;
  if (got.ok) return fail(`${what} was served (it returned a task)`, got.trafficIds);
  if (got.kind !== "error") return fail(`${what}: ${describeFailure(got)}`, got.trafficIds);
  if (got.error.code !== a2aCodes.versionNotSupported)
    return fail(
      `${what} answered ${errorCalled(got.error)} instead of VersionNotSupported (-32009): the version was not checked`,
      got.trafficIds,
    );
  return pass(`${what} answered VersionNotSupported`, got.trafficIds);
}

/** The first 1.x minor after those the card's interfaces list (1.1 for a card that lists 1.0). */
function nextMinor(ctx: CheckContext): string {
  const minors = ctx.validation.card.interfaces
    .map((i) => /^1\.(\d+)/.exec(i.protocolVersion ?? "")?.[1])
    .filter((m): m is string => m !== undefined)
    .map(Number);
  return `1.${Math.max(0, ...minors) + 1}`;
}
