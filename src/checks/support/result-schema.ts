import type { CallOutcome } from "../../client/types.js";
import type { ProtocolGeneration } from "../../model/generation.js";
import { resultSchemaIssues, type ResultOperation } from "./reply-schema.js";

/**
 * The paths inside a result that hand rules reported, from their messages ("GetTask.status.state: ..." with
 * label "GetTask" is "status.state"; "GetTask: not an object" is the whole result, "").
 */
export function reportedPaths(problems: readonly string[], label: string): string[] {
  return problems.flatMap((p) => {
    const path = p.split(":")[0] ?? "";
    if (path === label) return [""];
    return path.startsWith(`${label}.`) ? [path.slice(label.length + 1)] : [];
  });
}

/** Whether a path is one of `owned`, or lies under one ("" owns everything). */
function ownedBy(owned: readonly string[]): (path: string) => boolean {
  return (path) =>
    owned.some((o) => o === "" || path === o || path.startsWith(`${o}.`) || path.startsWith(`${o}[`));
}

/**
 * What breaks the schema in an operation's successful result, each issue said with the operation
 * ("CancelTask: status.state must be equal to one of the allowed values (A2A 1.0.1 proto)"), less the paths
 * other checks own: a defect is one finding, of the check that owns it. Undefined when the generation has
 * no schema of that result.
 */
export async function resultSchemaProblems(
  raw: unknown,
  operation: ResultOperation,
  generation: ProtocolGeneration,
  owned: readonly string[] = [],
): Promise<string[] | undefined> {
  const issues = await resultSchemaIssues(raw, operation, generation);
  if (!issues) return undefined;
  const isOwned = ownedBy(owned);
  return issues.filter((i) => !isOwned(i.path)).map((i) => `${operation}: ${i.message}`);
}

/**
 * The result an agent sent for a call: the one the client read, or one it could not read as what the operation
 * returns (`{"ok": true}` for a Task, seen at first sight), which is still the reply whose shape the schema judges.
 * Undefined for a refusal, an unreachable agent or a reply with no result at all.
 */
export function resultSent(call: CallOutcome<unknown>): unknown {
  if (call.ok) return call.raw;
  return call.kind === "invalid" ? call.raw : undefined;
}
