import { replyShapeProblem } from "../../protocol/validate-reply.js";
import { visible } from "../../net/visible.js";
import { replySchemaProblem, resultSchemaIssues } from "../support/reply-schema.js";
import { recordedResult } from "../support/recorded-result.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import type { ProtocolGeneration } from "../../model/generation.js";
import { isObject } from "../../model/json.js";
import { methodName } from "../../client/methods.js";
import type { CheckContext } from "../types.js";

export default defineCheck({
  id: "lifecycle.reply-well-formed",
  title: "The reply to a message has the shape its version requires",
  category: "lifecycle",
  level: "MUST",
  requirement:
    'The Task or Message returned by message/send (SendMessage) carries what the version\'s schema requires: in 0.2/0.3 the kind discriminator ("task" or "message"), a Task\'s id, contextId and a status.state spelled as the version spells it.',
  spec: "A2A 0.3 §6.1 Task, §6.4 Message, §7.1 message/send; 1.0 §4.1 core objects",
  tck: ["DM-TASK-001", "DM-TASK-002", "DM-STATUS-001", "DM-SERIAL-002"],
  quote: {
    spec: "A2A 0.3 §11.1.5 (data format compliance); the 0.3 schema lists kind, id, contextId and status as required properties of Task",
    text: "A2A data objects: MUST use the data structures defined in Section 6 for all protocol entities.",
  },
  recommendation:
    'Return the Task (or Message) exactly as the schema of the version you speak defines it; in 0.2/0.3 include kind: "task" / "message".',
  selfTest: [
    { flaw: "send-task-missing-kind", protocols: ["0.3"], violates: ["DM-TASK-001"] },
    { flaw: "duplicate-task-ids", protocols: ["0.3", "1.0"] },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  // Over HTTP+JSON and gRPC the bodies are proto JSON, which has no kind: the JSON-RPC reply is the one to judge.
  bindings: ["JSONRPC"],
  scope: "transport",
  run: async (ctx) => {
    // The ordinary message's reply, and the reply of a message that made a task finish when that was
    // another one (an ordinary message that asks back has no artifacts to judge). A send answered with a
    // Message is judged too: the fixture gives no Task then, but its evidence still starts with the send.
    const replies = [await ctx.fixtures.settledTask(), await ctx.fixtures.finishedTask()];
    const judged = new Set<string>();
    const problems: string[] = [];
    const evidence: string[] = [];
    let kinds = "";
    // Every send of those fixtures, the answers that took a task to its end among them: a state the agent
    // misspells may show only in the reply of the send that finished it.
    const sends = replies.flatMap((reply) =>
      sendsAmong(ctx, reply.evidence).map((id, i) => ({
        id,
        evidence: i === 0 ? reply.evidence : [id],
        reply,
      })),
    );
    for (const { id: sendId, evidence: shown, reply } of sends) {
      if (judged.has(sendId)) continue;
      const result = recordedResult(ctx, sendId);
      if (result === undefined) continue;
      judged.add(sendId);
      evidence.push(...shown);
      kinds = reply.ok ? "Task" : "Message";
      // A Task without its contextId is lifecycle.send-returns-task's finding (CORE-MULTI-001a): one defect, one failure.
      const shape =
        unwrappedProblem(result, ctx.generation) ??
        replyShapeProblem(result, ctx.generation, undefined, { contextId: true });
      const schema = await sendSchemaProblems(result, ctx.generation, shape !== undefined);
      const problem = [...(shape ? [shape] : []), ...schema].join("; ");
      if (problem && !problems.includes(visible(problem))) problems.push(visible(problem));
    }
    if (judged.size === 0) {
      const [first] = replies;
      return skip(
        first?.ok
          ? "the send's reply was not recorded as one JSON-RPC response (a stream, or a capped body)"
          : `no reply to judge: ${first?.reason ?? "no send"}`,
      );
    }
    if (problems.length > 0)
      return fail(
        `the reply to ${methodName(ctx.generation, "send")}: ${problems.join("; another reply: ")}`,
        evidence,
      );
    const what =
      judged.size === 1
        ? `the reply to the send is a well-formed A2A ${ctx.generation} ${kinds}`
        : `${judged.size} replies to sends are well-formed A2A ${ctx.generation}`;
    return pass(what, evidence);
  },
});

/** The traffic ids among `ids` that are sends of the check's generation (message/send, SendMessage). */
function sendsAmong(ctx: CheckContext, ids: readonly string[]): string[] {
  const method = methodName(ctx.generation, "send");
  const entries = new Map(ctx.clientContext.traffic.entries().map((e) => [e.id, e]));
  return ids.filter((id) => {
    const body = entries.get(id)?.request_body;
    if (!body) return false;
    try {
      const parsed: unknown = JSON.parse(body);
      return isObject(parsed) && parsed.method === method;
    } catch {
      return false;
    }
  });
}

/**
 * What breaks the 0.x schema in a send's reply, every problem, none unsaid (seen at first sight: a Task
 * without kind whose history messages lack kind and messageId; lifecycle.task-replies-schema-valid judges the
 * read and cancel replies, this check the send's). A Task is judged as one even without its kind;
 * after a problem of the hand rules (the Task's own members), only what lies deeper is added. The Task's
 * contextId is lifecycle.send-returns-task's.
 */
async function sendSchemaProblems(
  result: unknown,
  generation: ProtocolGeneration,
  shapeSaid: boolean,
): Promise<string[]> {
  if (!isObject(result) || !("status" in result) || generation === "1.0") {
    if (shapeSaid) return [];
    const one = await replySchemaProblem(result, generation, ["contextId"]);
    return one ? [one] : [];
  }
  const issues = (await resultSchemaIssues(result, "GetTask", generation)) ?? [];
  const deeper = (path: string) => /[.[]/.test(path);
  const left = issues.filter((i) => i.path !== "contextId" && (!shapeSaid || deeper(i.path)));
  return left.length > 0 ? [`a Task that breaks the schema: ${left.map((i) => i.message).join("; ")}`] : [];
}

/**
 * A 1.0 send result that is the Task or Message itself: SendMessage returns a SendMessageResponse, whose
 * `oneof payload` names the Task under "task" and the Message under "message" (1.0.1 §3.1.1, §9.4.1;
 * a2a.proto SendMessageResponse). 0.x results are the object itself (0.3 §7.1).
 */
function unwrappedProblem(result: unknown, generation: ProtocolGeneration): string | undefined {
  if (generation !== "1.0" || !isObject(result) || "task" in result || "message" in result) return undefined;
  const what = "status" in result ? "Task" : "parts" in result ? "Message" : undefined;
  return what
    ? `the ${what} itself, not a SendMessageResponse holding it under "${what.toLowerCase()}" (A2A 1.0.1 §3.1.1; a2a.proto SendMessageResponse)`
    : undefined;
}
