import { randomBytes } from "node:crypto";
import { replyText } from "../../protocol/reply-text.js";
import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import { sendAndSettle } from "../settled-task.js";
import { takenPartForm } from "../support/taken-part-form.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/**
 * What the agent answered one probe: its reply text, or why there is none to read (`refusal`: how the send
 * itself failed, where it did rather than the task it started).
 */
type Answer =
  { text: string; evidence: string[] } | { missing: string; refusal?: string; evidence: string[] };

/** A code no agent makes up: an answer that holds it repeated what it was sent. */
const freshCode = (): string => `plainwright-${randomBytes(4).toString("hex")}`;

const said = (answer: string, text: string): boolean => answer.toLowerCase().includes(text.toLowerCase());

/**
 * Sends `text` and reads the agent's answer once its task settles. `alsoType` adds 0.1's discriminator
 * (`type: "text"`) to the text part beside the version's own `kind`: an unknown member every reader ignores.
 */
async function answerTo(ctx: CheckContext, text: string, alsoType: boolean): Promise<Answer> {
  const input = { text, ...(alsoType ? { textPartAlso: { type: "text" } } : {}) };
  // Blocking, said explicitly: an agent may leave a task it was not told to wait for submitted (seen at first sight).
  const settled = await sendAndSettle(ctx.client, input, ctx.timeoutMs / 4, { returnImmediately: false });
  const { evidence } = settled;
  if (settled.ok) return { text: replyText(settled.value), evidence };
  if (settled.refusal !== undefined) return { missing: settled.reason, refusal: settled.refusal, evidence };
  return { missing: `its task did not settle: ${settled.reason}`, evidence };
}

/**
 * Whether the agent reads the text of its version's TextPart. An agent that answers with the words it was
 * sent shows it; one that does not is offered the same message with 0.1's `type: "text"` beside `kind`
 * (seen at first sight, three servers that read only `type` and ran every spec-shaped message as empty
 * input): when it repeats a fresh code sent so and not one sent in the version's own form, twice, it reads
 * only the older form. An agent whose answers never repeat what it is sent shows nothing either way.
 */
export async function judgeTextPartRead(ctx: CheckContext): Promise<CheckVerdict> {
  if ((await takenPartForm(ctx)) !== undefined)
    return skip(
      "the agent took the suite's messages only in another part form (lifecycle.send-returns-task's finding)",
    );
  const shared = await ctx.fixtures.settledTask();
  if (shared.ok && said(replyText(shared.value), ctx.fixtures.message))
    return pass(
      "the agent's answer repeats the text of the message it was sent: it reads the TextPart",
      shared.evidence,
    );
  const evidence = [...shared.evidence];
  const dual = freshCode();
  const withType = await answerTo(ctx, `Please repeat this code: ${dual}`, true);
  evidence.push(...withType.evidence);
  if ("missing" in withType) return skip(`no answer to read: ${withType.missing}`);
  // Not a run that could not judge: the check applies only to agents whose answers repeat what they are sent.
  if (!said(withType.text, dual))
    return notApplicable(
      "the agent's answers do not repeat what it is sent, so whether it reads the text part cannot be seen",
    );
  // Twice in the version's own form, so that an answer that happens not to repeat the code (or one refusal) is
  // not taken for a part the agent cannot read.
  let refusal: string | undefined;
  for (const attempt of [1, 2]) {
    const code = freshCode();
    const own = await answerTo(ctx, `Please repeat this code: ${code}`, false);
    evidence.push(...own.evidence);
    if ("missing" in own && own.refusal === undefined) return skip(`no answer to read: ${own.missing}`);
    if ("missing" in own) refusal = own.refusal;
    else if (said(own.text, code))
      return pass(
        `the agent repeats a code sent in a ${ctx.generation} TextPart ({kind: "text", text})${attempt > 1 ? " (on the second try)" : ""}: it reads the part`,
        evidence,
      );
  }
  const sentAlone = `the ${ctx.generation} TextPart {kind: "text", text} alone`;
  // A refused send is lifecycle.send-returns-task's finding too; this says why the agent refused it.
  const outcome = refusal
    ? `the same message in ${sentAlone} failed (${refusal}), the failed send lifecycle.send-returns-task reports`
    : `twice not one sent in ${sentAlone}`;
  return fail(
    `the agent repeated a code sent in a text part that also carried 0.1's type: "text" ("${withType.text.slice(0, 80)}"), but ${outcome}: it reads only the older part form, so every spec-shaped message reaches it empty`,
    evidence,
  );
}

export default defineCheck({
  id: "lifecycle.text-part-read",
  title: "The agent reads the text of its version's TextPart",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "A message's text part in the version's own form ({kind: \"text\", text}) reaches the agent: an agent that answers with a code it was sent in a part that also carries 0.1's type: \"text\" answers with one sent in the version's form alone as well. Judged only where the agent's answers repeat what it is sent.",
  spec: "A2A 0.3 §6.5.1 TextPart, §11.1.5",
  quote: {
    spec: "A2A 0.3 §11.1.5",
    text: "A2A data objects: MUST use the data structures defined in Section 6 for all protocol entities.",
  },
  recommendation:
    'Read a part\'s kind ("text", "file", "data"); accept 0.1\'s type only as a fallback, never instead of it.',
  selfTest: [{ flaw: "text-part-needs-type", protocols: ["0.3"], bindings: ["JSONRPC"] }],
  scope: "transport",
  generations: ["0.3"],
  // kind discriminates parts in JSON-RPC only: 0.3's HTTP+JSON and gRPC carry the proto's parts, without it.
  bindings: ["JSONRPC"],
  run: judgeTextPartRead,
});
