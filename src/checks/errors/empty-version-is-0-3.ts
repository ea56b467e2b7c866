import { randomUUID } from "node:crypto";
import { interfaceKey } from "../../card/normalize.js";
import { createClient } from "../../client/create-client.js";
import type { A2AClient, CallOutcome } from "../../client/types.js";
import { generationOf } from "../../model/generation.js";
import { a2aCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass } from "../define.js";
import { getMissingTaskAs } from "../support/versioned-get.js";
import { describeFailure, errorCalled } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/**
 * Whether the card declares an A2A 0.2/0.3 interface for this binding at this URL: then a request
 * without a version is to be served as 0.3, else refused (A2A 1.0.1 §3.6.2). A 0.3 field's interface
 * inherits the card's top-level protocolVersion.
 */
function serves03Here(ctx: CheckContext): boolean {
  const here = interfaceKey(ctx.endpoint.rewrittenFrom ?? ctx.endpoint.url, ctx.transport);
  const topLevel = (ctx.rawCard as { protocolVersion?: unknown } | null)?.protocolVersion;
  return ctx.validation.card.interfaces.some((i) => {
    const version = i.protocolVersion ?? (typeof topLevel === "string" ? topLevel : undefined);
    const generation = version === undefined ? undefined : generationOf(version);
    return (generation === "0.3" || generation === "0.2") && interfaceKey(i.url, i.transport) === here;
  });
}

const unknownTask = () => `plainwright-missing-${randomUUID()}`;

/** GetTask of an unknown id; the client is closed after. */
async function getUnknown(client: A2AClient): Promise<CallOutcome<unknown>> {
  try {
    return await client.getTask(unknownTask());
  } finally {
    client.close();
  }
}

/**
 * Only this interface's 1.0: an empty A2A-Version, and none at all (a 0.3 client sends none: 1.0.1 §3.6.1
 * "0.3 will be assumed for empty header"; seen at first sight: an empty value refused, a missing one served as
 * 1.0), must be refused, not served as 1.0.
 */
async function refusedAs03(ctx: CheckContext): Promise<CheckVerdict> {
  const probes = [
    { what: "GetTask with an empty A2A-Version", got: await getMissingTaskAs(ctx, "") },
    { what: "GetTask without A2A-Version", got: await getMissingTaskAs(ctx, undefined) },
  ];
  const evidence = probes.flatMap((p) => p.got.trafficIds);
  const problems = probes.flatMap(({ what, got }) => {
    if (got.ok) return [`${what} was served as A2A 1.0 (it returned a task)`];
    if (got.kind !== "error") return [`${what}: ${describeFailure(got)}`];
    if (got.error.code === a2aCodes.versionNotSupported) return [];
    return [`${what} answered ${errorCalled(got.error)}: it was served as A2A 1.0`];
  });
  if (problems.length > 0)
    return fail(
      `${problems.join("; ")}; an empty or missing version means 0.3, which the card does not declare for this interface (VersionNotSupported is due)`,
      evidence,
    );
  return pass(
    "GetTask with an empty A2A-Version and without one were both read as 0.3, which this interface does not serve: VersionNotSupported",
    evidence,
  );
}

// The card declares 0.3 here too: a 0.3 client's request, which carries no version, is served as 0.3.
async function servedAs03(ctx: CheckContext): Promise<CheckVerdict> {
  const target = { ...ctx.client.target, generation: "0.3" as const };
  const got = await getUnknown(createClient(target, ctx.clientContext));
  const what = "an A2A 0.3 GetTask without A2A-Version";
  if (got.ok) return fail(`${what} returned a task for an id that cannot exist`, got.trafficIds);
  if (got.kind !== "error") return fail(`${what}: ${describeFailure(got)}`, got.trafficIds);
  if (got.error.code === a2aCodes.taskNotFound)
    return pass(`${what} was served as 0.3 (TaskNotFound for an unknown id)`, got.trafficIds);
  return fail(
    `${what} answered ${errorCalled(got.error)}, though the card declares A2A 0.3 on this interface: it was not served as 0.3`,
    got.trafficIds,
  );
}

export default defineCheck({
  id: "errors.empty-version-is-0-3",
  title: "A request with an empty A2A-Version is read as A2A 0.3",
  category: "errors",
  level: "MUST",
  requirement:
    "An empty or missing A2A-Version means 0.3. On an interface the card declares for 1.0 only, GetTask with an empty A2A-Version, and without one, is refused with VersionNotSupportedError (0.3 is not served there), not served as 1.0; where the card also declares 0.3 at the same URL and binding, a 0.3 request without the header is served as 0.3.",
  spec: "A2A 1.0 §3.6.1, §3.6.2 (versioning); §3.2.6 (service parameters)",
  tck: ["VER-SERVER-003"],
  quote: {
    spec: "A2A 1.0.1 §3.6.2",
    text: "Agents MUST process requests using the semantics of the requested `A2A-Version` (matching `Major.Minor`). If the version is not supported by the interface, agents MUST return a `VersionNotSupportedError`. Agents MUST interpret empty value as 0.3 version.",
  },
  recommendation:
    "Read a missing or empty A2A-Version as 0.3: serve it with 0.3 semantics where the interface serves 0.3, else answer VersionNotSupportedError (-32009; HTTP 400, gRPC FAILED_PRECONDITION) naming the versions it does serve.",
  selfTest: [
    {
      flaw: "empty-version-served-as-1-0",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["VER-SERVER-003"],
    },
    // An agent that refuses A2A-Version: 1.0 but serves 1.0 without the header serves an empty one as 1.0 too.
    { flaw: "version-1-0-refused-yet-served", protocols: ["1.0"], bindings: ["JSONRPC"] },
  ],
  scope: "transport",
  generations: ["1.0"],
  run: (ctx) => (serves03Here(ctx) ? servedAs03(ctx) : refusedAs03(ctx)),
});
