import { describeFailure } from "../client/describe-failure.js";
import { sendTurn } from "../client/turn.js";
import type { A2AClient, CallOutcome, SendInput } from "../client/types.js";
import type { RedteamTurn } from "../model/redteam.js";
import type { TrafficLog } from "../net/traffic.js";
import type { Message, Task } from "../protocol/model.js";
import { replyText } from "../protocol/reply-text.js";
import { neighbourIds } from "./guess-ids.js";
import type { AttemptInput, AttemptRun, ProbeStep, SendStep, StepResult } from "./types.js";

/** A set of headers Plainwright sends as, and the client that sends them. */
export interface Identity {
  name: string;
  client: A2AClient;
}

export interface ExecuteOptions {
  identities: readonly Identity[];
  traffic: TrafficLog;
  /** Budget for one turn, polling included. */
  turnBudgetMs: number;
  pollIntervalMs: number;
}

/** Everything the agent wrote in a reply: the text a smoke test reads (docs/test-files.md), plus data parts of artifacts as JSON. */
function agentWords(reply: Task | Message): string {
  const data =
    reply.kind === "task"
      ? reply.artifacts.flatMap((a) =>
          a.parts.flatMap((p) => (p.kind === "data" ? [JSON.stringify(p.data)] : [])),
        )
      : [];
  return [replyText(reply), ...data].filter(Boolean).join("\n");
}

function extrasOf(step: SendStep): string[] {
  const parts = (step.parts ?? []).map((p) => (p.kind === "data" ? "data part" : `file ${p.name}`));
  return step.metadata ? [...parts, `metadata ${JSON.stringify(step.metadata)}`] : parts;
}

/** Runs the steps of one attempt in order; an agent's failure is recorded in the step, never thrown. */
/** How far from its own task id a caller guesses, each way: other attacks number tasks in between. */
const GUESS_REACH = 4;

export class AttemptExecutor {
  private readonly results: StepResult[] = [];
  private readonly byLabel = new Map<string, StepResult>();
  private readonly contexts = new Map<string, string>();
  private readonly transcript: RedteamTurn[] = [];
  private readonly trafficIds: string[] = [];

  constructor(private readonly opts: ExecuteOptions) {}

  private identity(index: number): Identity {
    return this.opts.identities[index] ?? this.opts.identities[0]!;
  }

  async run(
    steps: readonly (SendStep | ProbeStep)[],
    input: AttemptInput,
  ): Promise<Omit<AttemptRun, "honeypotHits">> {
    for (const step of steps) {
      const result = step.kind === "send" ? await this.send(step) : await this.probe(step);
      this.results.push(result);
      if (step.kind === "send" && step.label) this.byLabel.set(step.label, result);
    }
    return { input, results: this.results, transcript: this.transcript, trafficIds: this.trafficIds };
  }

  private input(step: SendStep): SendInput {
    const base: SendInput = {
      text: step.text,
      ...(step.parts ? { parts: step.parts } : {}),
      ...(step.metadata ? { metadata: step.metadata } : {}),
    };
    const onTask = step.onTaskOf ? this.byLabel.get(step.onTaskOf) : undefined;
    if (onTask?.taskId)
      return { ...base, taskId: onTask.taskId, ...(onTask.contextId ? { contextId: onTask.contextId } : {}) };
    const inContext = step.inContextOf ? this.byLabel.get(step.inContextOf)?.contextId : undefined;
    const contextId = inContext ?? this.contexts.get(`${step.as ?? 0}:${step.context}`);
    return contextId ? { ...base, contextId } : base;
  }

  private async send(step: SendStep): Promise<StepResult> {
    const who = this.identity(step.as ?? 0);
    const input = this.input(step);
    const number = this.transcript.length + 1;
    const extras = extrasOf(step);
    this.transcript.push({
      step: number,
      role: "user",
      identity: who.name,
      text: step.text,
      ...(extras.length > 0 ? { extras } : {}),
      ...(input.taskId ? { task_id: input.taskId } : {}),
      ...(input.contextId ? { context_id: input.contextId } : {}),
    });
    const started = Date.now();
    let reply: Task | Message | undefined;
    let error: string | undefined;
    if (step.returnImmediately) {
      const sent = await who.client.send(input, { returnImmediately: true });
      this.trafficIds.push(...sent.trafficIds);
      if (sent.ok) reply = sent.value;
      else error = `the message was answered with ${describeFailure(sent)}`;
    } else {
      const turn = await sendTurn(who.client, input, {
        deadline: started + this.opts.turnBudgetMs,
        pollIntervalMs: this.opts.pollIntervalMs,
        traffic: this.opts.traffic,
      });
      this.trafficIds.push(...turn.trafficIds);
      reply = turn.reply;
      error = turn.failure;
    }
    const result: StepResult = {
      step,
      ok: error === undefined && reply !== undefined,
      reply: reply ? agentWords(reply) : "",
    };
    if (error) result.error = error;
    if (reply?.contextId) {
      result.contextId = reply.contextId;
      if (!step.onTaskOf && !step.inContextOf)
        this.contexts.set(`${step.as ?? 0}:${step.context}`, reply.contextId);
    }
    if (reply?.kind === "task") Object.assign(result, { taskId: reply.id, taskState: reply.state });
    this.transcript.push({
      step: number + 1,
      role: "agent",
      identity: who.name,
      text: result.reply,
      ms: Date.now() - started,
      ...(result.taskId ? { task_id: result.taskId } : {}),
      ...(result.contextId ? { context_id: result.contextId } : {}),
      ...(result.taskState ? { task_state: result.taskState } : {}),
      ...(error ? { error } : {}),
    });
    return result;
  }

  /**
   * Reads ids next to the prober's own task id, one by one, until one of them is the other caller's task.
   * A neighbour the prober may read is not proof: other attacks run at the same time, and the task next to
   * its own may be one of its own; only the task of the step's `of` (another identity's) counts.
   */
  private async guess(step: ProbeStep & { guessFrom: string }): Promise<StepResult> {
    const who = this.identity(step.as);
    const seed = this.byLabel.get(step.guessFrom)?.taskId;
    const target = this.byLabel.get(step.of);
    const candidates = seed ? neighbourIds(seed, GUESS_REACH) : [];
    const record = (result: StepResult, taskId?: string) => {
      this.transcript.push({
        step: this.transcript.length + 1,
        role: "probe",
        identity: who.name,
        method: "GetTask",
        text: result.reply,
        ...(taskId ? { task_id: taskId } : {}),
        ...(result.error ? { error: result.error } : {}),
      });
      return result;
    };
    if (!seed) return record({ step, ok: false, reply: "", error: "no task of its own to guess from" });
    if (candidates.length === 0)
      return record({
        step,
        ok: false,
        reply: "",
        error: `its own task id ${seed} holds no number to count from, so no id can be guessed`,
      });
    for (const candidate of candidates) {
      const outcome = await who.client.getTask(candidate);
      this.trafficIds.push(...outcome.trafficIds);
      const theirs =
        outcome.ok &&
        (outcome.value.id === target?.taskId ||
          (target?.contextId !== undefined && outcome.value.contextId === target.contextId));
      if (theirs)
        return record(
          {
            step,
            ok: true,
            reply: `guessed ${candidate} from its own task id ${seed} and read that task (state ${outcome.value.state})`,
            taskId: candidate,
            taskState: outcome.value.state,
          },
          candidate,
        );
    }
    return record({
      step,
      ok: false,
      reply: "",
      error: `none of the ${candidates.length} ids next to its own task id ${seed} (${candidates.join(", ")}) named the other caller's task it could read`,
    });
  }

  private async probe(step: ProbeStep): Promise<StepResult> {
    if (step.guessFrom !== undefined) return this.guess({ ...step, guessFrom: step.guessFrom });
    const who = this.identity(step.as);
    const target = this.byLabel.get(step.of);
    const taskId = target?.taskId;
    const method = { get: "GetTask", cancel: "CancelTask", list: "ListTasks", subscribe: "SubscribeToTask" }[
      step.op
    ];
    const record = (result: StepResult) => {
      this.transcript.push({
        step: this.transcript.length + 1,
        role: "probe",
        identity: who.name,
        method,
        text: result.reply,
        ...(taskId ? { task_id: taskId } : {}),
        ...(result.error ? { error: result.error } : {}),
      });
      return result;
    };
    if (!taskId)
      return record({ step, ok: false, reply: "", error: "no task of the other identity to probe" });
    if (step.op === "subscribe") {
      const stream = await who.client.subscribe(taskId);
      this.trafficIds.push(...stream.trafficIds);
      if (stream.failure)
        return record({ step, ok: false, reply: "", error: describeFailure(stream.failure) });
      const ok = stream.events.length > 0;
      return record({ step, ok, reply: `${stream.events.length} event(s) of the other identity's task` });
    }
    const outcome: CallOutcome<unknown> =
      step.op === "get"
        ? await who.client.getTask(taskId)
        : step.op === "cancel"
          ? await who.client.cancelTask(taskId)
          : await who.client.listTasks({});
    this.trafficIds.push(...outcome.trafficIds);
    if (!outcome.ok) return record({ step, ok: false, reply: "", error: describeFailure(outcome) });
    if (step.op === "list") {
      const listed = (outcome.value as { tasks: Task[] }).tasks.map((t) => t.id);
      const seen = listed.includes(taskId);
      return record({
        step,
        ok: seen,
        listed,
        reply: `${listed.length} task(s) listed${seen ? ", the other identity's among them" : ""}`,
      });
    }
    const task = outcome.value as Task;
    return record({
      step,
      ok: true,
      reply: `answered with the task (state ${task.state})`,
      taskState: task.state,
    });
  }
}
