import { errorName } from "../../protocol/error-codes.js";
import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import { detailsOf, errorInfoNaming } from "../support/error-info.js";
import { provoke } from "../support/provoked-errors.js";

/** A detail object of a well-known google.rpc error type (ErrorInfo, BadRequest, ...), 1.0.1 §9.5. */
function wellKnown(detail: unknown): boolean {
  if (typeof detail !== "object" || detail === null) return false;
  const type = (detail as Record<string, unknown>)["@type"];
  return typeof type === "string" && /(^|\/)google\.rpc\.[A-Za-z]+$/.test(type);
}

export default defineCheck({
  id: "errors.error-info-jsonrpc",
  title: "JSON-RPC errors name the A2A error with a google.rpc.ErrorInfo",
  category: "errors",
  splitOf: "errors.error-details",
  level: "SHOULD",
  levelReason:
    "A2A 1.0.1 §9.5 recommends well-known types such as google.rpc.ErrorInfo for the objects in error.data (1.0.0 said MUST), and §3.3.2 makes the details themselves optional; over HTTP+JSON and gRPC the ErrorInfo is a MUST, judged by errors.error-details.",
  requirement:
    "Each A2A error the suite provokes (TaskNotFound for a GetTask of an unknown id, VersionNotSupported, TaskNotCancelable, ...), when it comes back as that error over JSON-RPC with details in error.data, has among them a well-known google.rpc type, an ErrorInfo naming the error. An error with no details at all is not judged: §3.3.2 makes them optional. A reason or domain other than A2A's (TASK_NOT_FOUND, \"a2a-protocol.org\": what gRPC and HTTP+JSON require, and §9.5's example) is named in the verdict, not failed: §9.5 recommends the type only.",
  spec: "A2A 1.0.1 §9.5 (JSON-RPC error handling)",
  tck: ["JSONRPC-ERR-003"],
  recommendation:
    'Put [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}] in error.data of each A2A error.',
  selfTest: [
    {
      flaw: "jsonrpc-error-without-info",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["JSONRPC-ERR-003"],
    },
  ],
  scope: "transport",
  generations: ["1.0"],
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    // Every A2A error the suite provokes that comes back as itself is judged, TaskNotFound or not: an agent
    // that answers an unknown task otherwise (lifecycle.unknown-task-not-found's finding) still shows its
    // VersionNotSupported or TaskNotCancelable (seen at first sight).
    const { provoked, evidence } = await provoke(ctx);
    const judged: string[] = [];
    const problems: string[] = [];
    const otherNaming = new Set<string>();
    const bare: string[] = [];
    for (const p of provoked) {
      if (p.outcome.ok || p.outcome.kind !== "error" || p.outcome.error.code !== p.code) continue;
      const name = errorName(p.code);
      const details = detailsOf(p.outcome.error.data);
      // 1.0.1 §3.3.2: "Error Details (optional)"; §9.5's SHOULD is about the types of the details given.
      if (!details || details.length === 0) {
        bare.push(name);
        continue;
      }
      judged.push(name);
      if (!details.some(wellKnown))
        problems.push(
          `the ${name} error of ${p.what}: its error.data names no well-known google.rpc type (an ErrorInfo naming the error)`,
        );
      const naming = errorInfoNaming(details, name);
      if (naming) otherNaming.add(naming);
    }
    if (judged.length === 0 && bare.length > 0)
      return notApplicable(
        `${[...new Set(bare)].join(", ")} came back with no error details, which A2A 1.0.1 §3.3.2 makes optional: §9.5's SHOULD concerns the types of details given`,
      );
    if (judged.length === 0) return skip("none of the provoked errors came back as the expected A2A error");
    if (problems.length > 0) return fail(problems.join("; "), [...evidence]);
    const names = [...new Set(judged)];
    const verb = names.length === 1 ? "names itself" : "name themselves";
    const note =
      otherNaming.size > 0
        ? ` (${[...otherNaming].join("; ")}: gRPC and HTTP+JSON require A2A's, JSON-RPC leaves it open, 1.0.1 §9.5)`
        : "";
    return pass(`${names.join(", ")} ${verb} with well-known google.rpc details in error.data${note}`, [
      ...evidence,
    ]);
  },
});
