import { errorName } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { detailsOf, errorInfoNaming, errorInfoOf } from "../support/error-info.js";
import { provoke } from "../support/provoked-errors.js";

export default defineCheck({
  id: "errors.error-info-jsonrpc",
  title: "JSON-RPC errors name the A2A error with a google.rpc.ErrorInfo",
  category: "errors",
  splitOf: "errors.error-details",
  level: "SHOULD",
  levelReason:
    "A2A 1.0.1 §9.5 recommends the ErrorInfo in error.data (1.0.0 said MUST); over HTTP+JSON and gRPC it is a MUST, judged by errors.error-details.",
  requirement:
    "Each A2A error the suite provokes (TaskNotFound for a GetTask of an unknown id, VersionNotSupported, TaskNotCancelable, ...), when it comes back as that error over JSON-RPC, carries in error.data a google.rpc.ErrorInfo. A reason or domain other than A2A's (TASK_NOT_FOUND, \"a2a-protocol.org\": what gRPC and HTTP+JSON require, and §9.5's example) is named in the verdict, not failed: §9.5 recommends the type only.",
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
    for (const p of provoked) {
      if (p.outcome.ok || p.outcome.kind !== "error" || p.outcome.error.code !== p.code) continue;
      const name = errorName(p.code);
      judged.push(name);
      const details = detailsOf(p.outcome.error.data);
      if (!errorInfoOf(details))
        problems.push(`the ${name} error of ${p.what}: no google.rpc.ErrorInfo among the error details`);
      const naming = errorInfoNaming(details, name);
      if (naming) otherNaming.add(naming);
    }
    if (judged.length === 0) return skip("none of the provoked errors came back as the expected A2A error");
    if (problems.length > 0) return fail(problems.join("; "), [...evidence]);
    const names = [...new Set(judged)];
    const verb = names.length === 1 ? "names itself" : "name themselves";
    const note =
      otherNaming.size > 0
        ? ` (${[...otherNaming].join("; ")}: gRPC and HTTP+JSON require A2A's, JSON-RPC leaves it open, 1.0.1 §9.5)`
        : "";
    return pass(`${names.join(", ")} ${verb} with an ErrorInfo in error.data${note}`, [...evidence]);
  },
});
