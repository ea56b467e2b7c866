import { terminalStates, type Reply } from "../../protocol/model.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { silentWhileWorking } from "../support/silent-stream.js";
import { eventsAfterTerminal } from "../support/stream-watch.js";
import { describeFailure } from "../../client/describe-failure.js";
import { refusedInStream, unparsedOnly } from "../support/stream-evidence.js";
import type { CheckContext, CheckVerdict } from "../types.js";

function stateOf(event: Reply): string | undefined {
  return event.kind === "task" || event.kind === "status-update" ? event.state : undefined;
}

/** How one message's stream ends: the verdict, and whether it ended at an interrupted state. */
async function judgeStream(
  ctx: CheckContext,
  text: string,
): Promise<{ status: CheckVerdict["status"]; verdict: CheckVerdict; interrupted: boolean }> {
  // Read leniently: the live events skip a stray byte (0x1E) before an event's JSON, which the recorded
  // events keep; that framing is streaming.events-well-formed's finding, how the stream ends is this one's.
  const live: Reply[] = [];
  const stream = await ctx.client.stream({ text }, (event) => void live.push(event));
  const events = live.length > stream.events.length ? live : stream.events;
  const ids = stream.trafficIds;
  const done = (verdict: CheckVerdict, interrupted = false) => ({
    status: verdict.status,
    verdict,
    interrupted,
  });
  if (stream.failure)
    return done(
      skip(`the stream was refused (${describeFailure(stream.failure)}); streaming.first-event reports it`),
    );
  const working =
    stream.end.reason === "idle-timeout" ? await silentWhileWorking(ctx.client, events) : undefined;
  if (working) return done({ ...skip(working), evidence: ids });
  // The end's own words say why (a connection cut off by an agent that fell reads as one: runner/agent-died.ts).
  if (stream.end.reason !== "closed") {
    const why = stream.end.message ? ` (${stream.end.message})` : "";
    return done(fail(`the stream did not end: ${stream.end.reason}${why}`, ids));
  }
  const states = events.map(stateOf);
  const lastIndex = states.length - 1;
  const last = events[lastIndex];
  if (!last) {
    // Events that arrived but are no A2A event at all are streaming.events-well-formed's finding, reported once.
    const unparsed = unparsedOnly(stream);
    const refused = refusedInStream(stream);
    if (refused) return done(skip(`${refused}; streaming.first-event reports it`));
    return done(
      unparsed
        ? skip(`${unparsed} (streaming.events-well-formed reports it)`)
        : fail("the stream carried no event", ids),
    );
  }
  if (last.kind === "message") return done(pass("the stream carried a single Message", ids));
  const finalState = states[lastIndex];
  const interrupted = finalState === "input-required" || finalState === "auth-required";
  if (!finalState || !(terminalStates.has(finalState as never) || interrupted))
    return done(
      fail(`the last event reports ${spelled(last, finalState)}, not a terminal or interrupted state`, ids),
    );
  // 1.0 §3.1.2: the stream closes at the terminal state, so nothing may follow the first terminal event,
  // except the final Task snapshot 1.0.1 §11.7 lets an agent resend before closing.
  const after = eventsAfterTerminal(events, ctx.generation);
  if (after)
    return done(
      fail(
        `${after.count} event(s) followed the ${after.state} event ${after.at + 1} of ${events.length}; the stream must close at the terminal state`,
        ids,
      ),
    );
  const unmarked = ctx.generation === "1.0" ? undefined : finalFlagProblem(ctx, events);
  if (unmarked) return done(fail(unmarked, ids));
  return done(pass(`${events.length} events, ending ${finalState}`, ids), interrupted);
}

/**
 * How a 0.x stream's final flag is wrong, or undefined. 0.x marks the last status update final, and it is the last
 * event; a stream of one Task snapshot has no status update to mark (0.2 §7.2.1 and 0.3 §7.2 let a stream's result
 * be a Task). 0.1 streams only updates (0.1 schema: SendTaskStreamingResponse.result is a TaskStatusUpdateEvent or a
 * TaskArtifactUpdateEvent), so a Task snapshot there stands for a status update and its end is marked final too. A
 * 0.2/0.3 stream that ends with the Task in its terminal state, no update marked final, then closes, has ended all the
 * same: 0.3's topic describes final:true as how the server signals the end, with no keyword (seen at first sight: a
 * working update, the completed Task, the close).
 */
function finalFlagProblem(ctx: CheckContext, events: Reply[]): string | undefined {
  const last = events[events.length - 1];
  if (!last) return undefined;
  const finals = events.filter((e) => e.kind === "status-update" && e.final === true);
  const updates = events.some((e) => e.kind === "status-update") || ctx.generation === "0.1";
  const endsWithTask = ctx.generation !== "0.1" && last.kind === "task" && finals.length === 0;
  const lastUnmarked = updates && !endsWithTask && (last.kind !== "status-update" || last.final !== true);
  if (!finals.some((e) => e !== last) && !lastUnmarked) return undefined;
  return `${finals.length} event(s) carry final:true${finals.length > 0 && lastUnmarked ? " but not the last event" : ""}; the last status update, and only it, must`;
}

export default defineCheck({
  id: "streaming.final-event",
  title: "A stream ends with exactly one final event and nothing after it",
  category: "streaming",
  level: "MUST",
  requirement:
    "The last event of a message stream reports a terminal (or interrupted) state — in 0.x a status update marked final:true, or the Task itself with no update marked final — and no event follows it; then the server closes the stream.",
  spec: "A2A 0.3 §7.2 (TaskStatusUpdateEvent.final); 1.0 §3.1.2, §11.7",
  quote: {
    spec: "A2A 1.0 §3.1.2",
    text: "If the agent returns a Task, the stream MUST begin with the Task object, followed by zero or more TaskStatusUpdateEvent or TaskArtifactUpdateEvent objects. The stream MUST close when the task reaches a terminal state …",
  },
  recommendation:
    "Send one last status-update with the terminal state (final: true before 1.0) and close the stream right after it.",
  allowed: [
    {
      behaviour: "a 1.0 stream that resends the final Task snapshot after the terminal status, then closes",
      clause: "A2A 1.0.1 §11.7: implementations MAY optionally resend a final Task snapshot before closing",
      variant: "stream-final-task-snapshot",
    },
  ],
  selfTest: [
    { flaw: "stream-no-final", protocols: ["0.3"], bindings: ["JSONRPC"] },
    { flaw: "stream-framed-no-final", protocols: ["0.3"], bindings: ["JSONRPC"] },
    { flaw: "stream-events-after-final", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] },
    { flaw: "stream-never-ends", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] },
  ],
  scope: "transport",
  needs: ["streaming"],
  // 0.1 gives the stream's end no keyword: streaming.final-event-01 judges it there at SHOULD.
  generations: ["0.2", "0.3", "1.0"],
  run: judgeFinalEvent,
});

/**
 * The stream of the suite's message, and of a message that finishes when that one ended interrupted, each
 * judged by how it ends.
 */
export async function judgeFinalEvent(ctx: CheckContext): Promise<CheckVerdict> {
  const first = await judgeStream(ctx, ctx.fixtures.message);
  // A stream that ended interrupted shows nothing of what follows a terminal state: when another message
  // finishes (the survey saw one), its stream is judged too.
  if (first.status !== "pass" || !first.interrupted) return first.verdict;
  const finishing = (await ctx.fixtures.survey()).find(
    (p) => p.text !== ctx.fixtures.message && terminalStates.has(p.ended as never),
  );
  if (!finishing) return first.verdict;
  const second = await judgeStream(ctx, finishing.text);
  if (second.status !== "pass") return second.verdict;
  return pass(`${first.verdict.message}; ${second.verdict.message}`, [
    ...(first.verdict.evidence ?? []),
    ...(second.verdict.evidence ?? []),
  ]);
}

/** A state as the wire spelled it, quoted when it is none of the protocol's (read as "unknown"). */
function spelled(event: Reply, state: string | undefined): string {
  const raw = event.kind === "task" || event.kind === "status-update" ? event.rawState : undefined;
  if (state === "unknown" && raw) return `"${raw}", which is no A2A TaskState`;
  return state ?? event.kind;
}
