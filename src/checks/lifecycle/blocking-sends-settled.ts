import { RestRoutes } from "../../client/rest/paths.js";
import type { TrafficEntry } from "../../model/traffic.js";
import { isObject } from "../../model/json.js";
import { activeStates } from "../../protocol/model.js";
import { tryParseJson } from "../../net/json.js";
import { defineCheck, notApplicable, pass, fail, skip } from "../define.js";
import type { CheckContext } from "../types.js";

type Json = Record<string, unknown>;

/** The states a blocking send must not return in: the task neither terminal nor interrupted (1.0.1 §3.2.2). */
const UNSETTLED = new Set(["TASK_STATE_SUBMITTED", "TASK_STATE_WORKING"]);

/** At most this many offending exchanges are named; the count says how many there were. */
const NAMED = 3;

/** A blocking send of the run and the unsettled task its reply returned. */
interface EarlyReply {
  trafficId: string;
  taskId: string;
  state: string;
  ms: number;
}

const parsed = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  const read = tryParseJson(text, "traffic");
  return read.ok ? read.value : undefined;
};

/** The SendMessage request of an exchange on this binding's endpoint (its params or body), else undefined. */
function sendRequest(ctx: CheckContext, entry: TrafficEntry): Json | undefined {
  if (entry.method !== "POST") return undefined;
  const body = parsed(entry.request_body);
  if (!isObject(body)) return undefined;
  if (ctx.transport === "JSONRPC") {
    if (entry.url !== ctx.client.target.url || body.method !== "SendMessage") return undefined;
    return isObject(body.params) ? body.params : undefined;
  }
  const sendUrl = new RestRoutes(ctx.client.target, ctx.clientContext.query).sendMessage();
  return entry.url.split("?")[0] === sendUrl.split("?")[0] ? body : undefined;
}

/** The task a SendMessage reply carries (JSON-RPC `result.task`, HTTP+JSON `task`), read leniently. */
function replyTask(ctx: CheckContext, entry: TrafficEntry): Json | undefined {
  const body = parsed(entry.response_body);
  const result = ctx.transport === "JSONRPC" ? (isObject(body) ? body.result : undefined) : body;
  if (!isObject(result)) return undefined;
  return isObject(result.task) ? result.task : undefined;
}

/** A blocking send whose reply returned its task still submitted or working, or undefined. */
function earlyReply(ctx: CheckContext, entry: TrafficEntry): EarlyReply | undefined {
  const request = sendRequest(ctx, entry);
  if (!request || entry.status !== 200) return undefined;
  const configuration = isObject(request.configuration) ? request.configuration : {};
  if (configuration.returnImmediately === true) return undefined;
  const task = replyTask(ctx, entry);
  const status = isObject(task?.status) ? task.status : undefined;
  const state = typeof status?.state === "string" ? status.state : "";
  if (!task || !UNSETTLED.has(state)) return undefined;
  return { trafficId: entry.id, taskId: String(task.id), state, ms: entry.ms };
}

export default defineCheck({
  id: "lifecycle.blocking-sends-settled",
  title: "Every blocking send of the run waited for its task",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "Every SendMessage the suite sent on this binding without returnImmediately (follow-up messages into a task or a context, probes of other checks) returned its task terminal or interrupted, never still submitted or working.",
  spec: "A2A 1.0 §3.2.2 (execution mode)",
  tck: ["CORE-EXECUTION-MODE-001"],
  quote: {
    spec: "A2A 1.0.1 §3.2.2",
    text: "Blocking (`return_immediately: false` or unset): The operation MUST wait until the task reaches a terminal state … or an interrupted state … before returning.",
  },
  recommendation:
    "Hold every blocking SendMessage reply until its task is terminal or interrupted, also for a message into a task or context that is busy; a reply timeout of the server's own is no reason to return a working task.",
  noSelfTest:
    "A reading of the run's own traffic: the mutation blocking-follow-up-returns-working proves it on every agent, and src/checks/lifecycle/blocking-sends-settled.test.ts on a hand-written agent.",
  // Seen at first sight: the ordinary message waited, a message into a busy task came back working after the
  // server's own reply timeout. execution-mode judges its own sends; this part reads what the whole run sent.
  splitOf: "lifecycle.execution-mode",
  phase: "last",
  scope: "transport",
  judgesTasks: true,
  generations: ["1.0"],
  // gRPC exchanges are recorded as protobuf frames, not JSON text.
  bindings: ["JSONRPC", "HTTP+JSON"],
  run: async (ctx) => {
    // The ordinary message's send is execution-mode's own to judge: one defect, one finding. When that send
    // already came back unsettled, execution-mode reports the agent's blocking sends (seen at first sight: every
    // blocking send returned working, said twice).
    const sent = await ctx.fixtures.send();
    if (sent.ok && sent.value.kind === "task" && activeStates.has(sent.value.state))
      return skip(
        `the ordinary message's blocking send returned task ${sent.value.id} ${sent.value.state}: lifecycle.execution-mode reports it`,
      );
    const ordinary = new Set(sent.evidence);
    const entries = ctx.clientContext.traffic.entries().filter((e) => !ordinary.has(e.id));
    const sends = entries.filter((e) => sendRequest(ctx, e) !== undefined);
    if (sends.length === 0) return notApplicable("the run sent no SendMessage on this binding");
    const early = sends.map((e) => earlyReply(ctx, e)).filter((r): r is EarlyReply => r !== undefined);
    if (early.length === 0)
      return pass(`none of the run's ${sends.length} SendMessage calls returned a task still in progress`);
    const named = early
      .slice(0, NAMED)
      .map((r) => `task ${r.taskId} ${r.state} after ${(r.ms / 1000).toFixed(1)} s`)
      .join("; ");
    return fail(
      `${early.length} of the run's ${sends.length} SendMessage calls without returnImmediately returned the task still in progress (${named}): a blocking send waits for a terminal or interrupted state`,
      early.map((r) => r.trafficId),
    );
  },
});
