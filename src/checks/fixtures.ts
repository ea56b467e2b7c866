import { describeFailure, errorDataSaid } from "../client/describe-failure.js";
import type { A2AClient } from "../client/types.js";
import { activeStates, terminalStates, type Message, type Task, type TaskState } from "../protocol/model.js";
import { answerInStream, answerInTask, answerUntilOver, type AnswerWay } from "./answer-back.js";
import { waitForSettled, type Provided } from "./settled-task.js";
import { taskFromStream } from "./streamed-task.js";
import { findRunningTask, runningMessages, type RunningTaskSource } from "./running-task.js";

export { waitForSettled, type Provided } from "./settled-task.js";

/** What one message did when sent without waiting: how its task ended and how long it took. */
export interface MessageProbe {
  text: string;
  /** The task's state when settled, or "message" when the agent answered with a Message. */
  ended: TaskState | "message" | "unknown";
  ms: number;
  /** The send's own reply (sent with returnImmediately / blocking: false): its task's state, when it came, its traffic. */
  reply?: { state: TaskState; ms: number; evidence: string[] };
}

/** Why there is no task when the agent answered with a Message. */
const MESSAGE_REPLY = "the agent answered with a Message, not a Task";

/** The most messages the survey sends (skill examples first); real agents may be slow and paid. */
const SURVEY_LIMIT = 5;

export interface FixtureOptions {
  /** The ordinary message (a skill example when the card has one). */
  message: string;
  /** The card's skill examples, tried in turn when the suite needs a running or asking task. */
  examples?: readonly string[];
  /** The card claims streaming, so a stream may provide a running task too. */
  streaming?: boolean;
  hints: Readonly<Record<string, string>>;
  budgetMs: number;
  /** Told how long each task took from its send to a settled state (see src/runner/work-pace.ts). */
  onTaskTimed?: (ms: number) => void;
}

/**
 * Tasks and messages several checks need, created once per binding and shared, so the suite sends
 * as few messages as it can. Behaviour Plainwright cannot force (a question back, a long-running task)
 * is provoked the way a real client meets it: each skill example is sent once without waiting, and the
 * one that keeps the agent busy longest, or makes it ask back, is used. A hint, when given, comes first.
 */
export class Fixtures {
  readonly #memo = new Map<string, Promise<unknown>>();
  #normalMs: number | undefined;
  /**
   * The turns whose task finishedTask() is: the ordinary message, unless a survey candidate finished
   * instead, followed by the stock answers that took an asking task to its end.
   */
  #finishingTurns: readonly string[];
  /** How the finishing turns' answers are sent (by stream where an answered task cannot be read back). */
  #answerWay: AnswerWay = "send";
  /**
   * The finishing turns' first message asks for a blocking send explicitly (0.x `blocking: true`, 1.0
   * `returnImmediately: false`): the ordinary send, which names neither, left its task unstarted for good.
   */
  #explicitlyBlocking = false;
  /**
   * Tasks the cancel check canceled and saw stay canceled, each with when (performance.now()): read again in the
   * late phase, once work the cancel did not stop would have ended (lifecycle.canceled-stays-canceled).
   */
  readonly canceled = new Map<string, number>();

  constructor(
    private readonly client: A2AClient,
    private readonly options: FixtureOptions,
  ) {
    this.#finishingTurns = [options.message];
  }

  /**
   * One outcome per binding, made by the first check that asks and shared by the rest (the fixtures are
   * per binding): the suite's own fixtures, and rounds of requests several checks judge (provoked errors).
   */
  once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let promise = this.#memo.get(key);
    if (!promise) {
      promise = make();
      this.#memo.set(key, promise);
    }
    return promise as Promise<T>;
  }

  /** The ordinary message the suite sends (a skill example when the card has one). */
  get message(): string {
    return this.options.message;
  }

  /** A fresh send of the ordinary message (not shared: for checks that need their own task). */
  async send(text = this.options.message, returnImmediately?: boolean): Promise<Provided<Task | Message>> {
    const sent = await this.client.send(
      { text },
      returnImmediately === undefined ? undefined : { returnImmediately },
    );
    if (!sent.ok)
      return {
        ok: false,
        reason: `send failed: ${describeFailure(sent)}${errorDataSaid(sent)}`,
        evidence: sent.trafficIds,
      };
    return {
      ok: true,
      value: sent.value,
      evidence: sent.trafficIds,
      ...(sent.readDespite
        ? { bent: { note: sent.readDespite, ...(sent.readDespiteAllowed ? { allowed: true as const } : {}) } }
        : {}),
    };
  }

  /** Sends a message and polls its task until it leaves submitted/working. */
  private async sendAndSettle(text: string, returnImmediately?: boolean): Promise<Provided<Task>> {
    const sent = await this.send(text, returnImmediately);
    if (!sent.ok) return sent;
    const bent = sent.bent ? { bent: sent.bent } : {};
    if (sent.value.kind !== "task")
      return { ok: false, reason: MESSAGE_REPLY, evidence: sent.evidence, ...bent };
    const settled = await waitForSettled(this.client, sent.value, this.options.budgetMs);
    const evidence = [...sent.evidence, ...settled.evidence];
    return { ...settled, evidence, sent: sent.value, ...bent };
  }

  /**
   * The ordinary message's task, followed until it settles: from its send, or, when the send answers with a
   * Message and the card claims streaming, from a stream of the same message (an agent may answer a send
   * with a Message and still run tasks for streams, seen at first sight): the checks of a task judge that one.
   * A streamed task that cannot be read back is a task all the same: lifecycle.get-task's finding, not an
   * agent that answers only with Messages (seen at first sight: a server that reads tasks/get's id as taskId).
   */
  private async taskOf(text: string, returnImmediately?: boolean): Promise<Provided<Task>> {
    const sent = await this.sendAndSettle(text, returnImmediately);
    if (sent.ok || sent.reason !== MESSAGE_REPLY || !this.options.streaming) return sent;
    const streamed = await taskFromStream(this.client, text, () => true);
    if (!streamed.ok && streamed.sent)
      return { ...streamed, evidence: [...sent.evidence, ...streamed.evidence], streamed: true };
    // No task from the stream either: the Message answer stands, as it was sent.
    if (!streamed.ok) return sent;
    const settled = await waitForSettled(this.client, streamed.value, this.options.budgetMs);
    const evidence = [...sent.evidence, ...streamed.evidence, ...settled.evidence];
    return { ...settled, evidence, sent: streamed.value, streamed: true };
  }

  /**
   * Whether the agent answers with Messages only: the ordinary message and every surveyed one came back as a
   * Message, so it creates no tasks (A2A 0.3 §7.1, 1.0.1 §3.1.1 allow a Message as the whole answer).
   */
  async answersOnlyWithMessages(): Promise<boolean> {
    // A hint names a message that makes a task run or ask back: the user knows the agent has tasks.
    if (this.options.hints.slow !== undefined || this.options.hints["input-required"] !== undefined)
      return false;
    const settled = await this.settledTask();
    if (settled.ok || settled.reason !== MESSAGE_REPLY) return false;
    return (await this.survey()).every((p) => p.ended === "message");
  }

  /**
   * How the tasks these fixtures already followed ended (the ordinary message's and the surveyed ones'),
   * without sending anything: empty when none was followed to an end.
   */
  async endings(): Promise<string[]> {
    const settled = this.#memo.has("settled") ? await this.settledTask() : undefined;
    const surveyed = this.#memo.has("survey") ? await this.survey() : [];
    return [
      ...(settled?.ok ? [settled.value.state] : []),
      ...surveyed.map((p) => p.ended).filter((e) => e !== "unknown" && e !== "message"),
    ];
  }

  /** A task of the ordinary message that reached a terminal or interrupted state. */
  settledTask(): Promise<Provided<Task>> {
    return this.once("settled", async () => {
      const started = performance.now();
      const settled = await this.taskOf(this.options.message);
      if (settled.ok) {
        this.#normalMs = performance.now() - started;
        this.options.onTaskTimed?.(this.#normalMs);
      }
      return settled;
    });
  }

  /**
   * The ordinary message's task, followed to its end when it could be, else as the send returned it (a task
   * that cannot be read back is still one the agent created); undefined when the send made none.
   */
  async knownTask(): Promise<Task | undefined> {
    const shared = await this.sharedTask();
    return shared.ok ? shared.value : undefined;
  }

  /**
   * The shared task as far as it got: settled, else as its send answered it. A task that never settles is still
   * one to read, or to attach a push config to (seen at first sight: checks skipped behind a task left submitted).
   */
  async sharedTask(): Promise<Provided<Task>> {
    const settled = await this.settledTask();
    if (settled.ok || !settled.sent) return settled;
    return { ok: true, value: settled.sent, evidence: settled.evidence };
  }

  /**
   * A task in a terminal state: the ordinary message's when it finished, else one of a candidate the survey saw
   * finish (the ordinary message may be a skill example that asks back). Still interrupted when none finishes.
   */
  finishedTask(): Promise<Provided<Task>> {
    return this.once("finished", async () => {
      const settled = await this.settledTask();
      if (!settled.ok) return (await this.finishedWhenBlocking(settled)) ?? settled;
      if (terminalStates.has(settled.value.state)) return settled;
      const finishing = (await this.survey()).find(
        (p) => p.text !== this.options.message && terminalStates.has(p.ended as TaskState),
      );
      if (finishing) {
        const other = await this.sendAndSettle(finishing.text);
        if (other.ok && terminalStates.has(other.value.state)) {
          this.#finishingTurns = [finishing.text];
          return other;
        }
      }
      const answered = await answerUntilOver(this.client, settled.value, this.options.budgetMs / 2);
      if (answered.ok && terminalStates.has(answered.value.task.state)) {
        this.#finishingTurns = [this.options.message, ...answered.value.answers];
        return {
          ok: true,
          value: answered.value.task,
          evidence: [...settled.evidence, ...answered.evidence],
        };
      }
      const streamed = answered.ok && answered.value.unfollowed ? await this.finishedByStream() : undefined;
      if (streamed?.ok) return streamed;
      // The answers sent are the task's evidence too: a reply no client could read is judged from them.
      return { ...settled, evidence: [...settled.evidence, ...answered.evidence] };
    });
  }

  /**
   * Where the ordinary send's task never left submitted or working, the same message sent blocking explicitly
   * (seen at first sight: a server that runs a task only when the send says blocking, and treats a send that
   * says nothing as non-blocking); the replays of the finishing turns then say it too.
   */
  private async finishedWhenBlocking(unsettled: Provided<Task>): Promise<Provided<Task> | undefined> {
    if (unsettled.ok || !unsettled.sent || !activeStates.has(unsettled.sent.state)) return undefined;
    const blocking = await this.sendAndSettle(this.options.message, false);
    if (!blocking.ok || !terminalStates.has(blocking.value.state)) return undefined;
    this.#explicitlyBlocking = true;
    return { ...blocking, evidence: [...unsettled.evidence, ...blocking.evidence] };
  }

  /**
   * A task that asks back, answered by stream: where an answer by send left a task that cannot be read back
   * (no tasks/get), a stream shows where the answers lead. A fresh task, as the answered one may never run
   * (seen at first sight: a send's answer is taken and never run, the same answer streamed completes).
   */
  private async finishedByStream(): Promise<Provided<Task> | undefined> {
    if (!this.options.streaming) return undefined;
    const asking = await this.sendAndSettle(this.options.message);
    if (!asking.ok || asking.value.state !== "input-required") return undefined;
    const answered = await answerUntilOver(this.client, asking.value, this.options.budgetMs / 2, "stream");
    if (!answered.ok || !terminalStates.has(answered.value.task.state)) return undefined;
    this.#finishingTurns = [this.options.message, ...answered.value.answers];
    this.#answerWay = "stream";
    return { ok: true, value: answered.value.task, evidence: [...asking.evidence, ...answered.evidence] };
  }

  /** Sends the turns of a finishing conversation as a new task: the first message, then each answer in it. */
  private async replayFinishing(): Promise<Provided<Task>> {
    const [first, ...answers] = this.#finishingTurns;
    // As the shared task was made: by stream when a send answers with a Message (seen at first sight: the
    // replay found no task where the shared one came from a stream).
    let settled = await this.taskOf(
      first ?? this.options.message,
      this.#explicitlyBlocking ? false : undefined,
    );
    for (const answer of answers) {
      if (!settled.ok || settled.value.state !== "input-required") return settled;
      const answerIn = this.#answerWay === "stream" ? answerInStream : answerInTask;
      const next = await answerIn(this.client, settled.value, answer, this.options.budgetMs);
      settled = { ...next, evidence: [...settled.evidence, ...next.evidence] };
    }
    return settled;
  }

  /**
   * A finished task of the check's own, sent like the shared one, for a check whose call a faulty agent could
   * let change the task (a message that restarts it, a cancel that succeeds): the shared task would then no
   * longer be finished for the checks that read it at the same time.
   */
  async ownFinishedTask(): Promise<Provided<Task>> {
    const shared = await this.finishedTask();
    if (!shared.ok || !terminalStates.has(shared.value.state)) return shared;
    const own = await this.replayFinishing();
    if (!own.ok) return own;
    if (!terminalStates.has(own.value.state))
      return {
        ok: false,
        reason: `the same message that finished task ${shared.value.id} left a second task ${own.value.state}`,
        evidence: own.evidence,
      };
    return own;
  }

  /** How long the agent took to finish the ordinary message (send to settled), once known. */
  async normalTaskMs(): Promise<number | undefined> {
    await this.settledTask();
    return this.#normalMs;
  }

  /** The messages worth trying, skill examples first, without repeats. */
  private candidates(): string[] {
    const all = [...(this.options.examples ?? []), this.options.message].map((t) => t.trim());
    return [...new Set(all.filter((t) => t !== ""))].slice(0, SURVEY_LIMIT);
  }

  /** Sends each candidate once without waiting and watches its task settle (once per binding, in parallel). */
  survey(): Promise<MessageProbe[]> {
    return this.once("survey", () =>
      Promise.all(
        this.candidates().map(async (text): Promise<MessageProbe> => {
          const started = performance.now();
          const ms = () => performance.now() - started;
          const sent = await this.send(text, true);
          if (!sent.ok) return { text, ended: "unknown", ms: ms() };
          if (sent.value.kind !== "task") return { text, ended: "message", ms: ms() };
          const reply = { state: sent.value.state, ms: ms(), evidence: sent.evidence };
          // Half the budget: a task still working then is the best running candidate anyway.
          const settled = await waitForSettled(this.client, sent.value, this.options.budgetMs / 2);
          if (settled.ok) this.options.onTaskTimed?.(ms());
          return { text, ended: settled.ok ? settled.value.state : "unknown", ms: ms(), reply };
        }),
      ),
    );
  }

  /** The longest any surveyed or ordinary task took to settle, in ms (0 when none settled). */
  async slowestTaskMs(): Promise<number> {
    const normal = (await this.normalTaskMs()) ?? 0;
    const surveyed = this.#memo.has("survey") ? await this.survey() : [];
    return Math.max(normal, ...surveyed.filter((p) => p.ended !== "unknown").map((p) => p.ms));
  }

  /** Messages to try for a running task: the hint, then the candidates that kept the agent busy longest. */
  runningMessages(): Promise<string[]> {
    return runningMessages(this.#searchSource());
  }

  /**
   * A task still submitted/working, to cancel or subscribe to (running-task.ts): each candidate sent without
   * waiting, else streamed, else a task that asked back and works once answered.
   */
  runningTask(): Promise<Provided<Task>> {
    return findRunningTask(this.#searchSource());
  }

  /** What the running-task search needs of these fixtures. */
  #searchSource(): RunningTaskSource {
    return {
      client: this.client,
      streaming: this.options.streaming === true,
      slowHint: this.options.hints.slow,
      survey: () => this.survey(),
      send: (text, returnImmediately) => this.send(text, returnImmediately),
      askingMessage: () => this.askingMessage(),
      sendAndSettle: (text) => this.sendAndSettle(text),
    };
  }

  /**
   * A message that makes the agent ask back: the `input-required` hint, else a surveyed skill example
   * whose task ended input-required; undefined when none did.
   */
  async askingMessage(): Promise<string | undefined> {
    const hint = this.options.hints["input-required"];
    if (hint) return hint;
    return (await this.survey()).find((p) => p.ended === "input-required")?.text;
  }

  /** A task waiting for input (hint `input-required`, else a skill example that asked back). */
  inputRequiredTask(): Promise<Provided<Task>> {
    return this.once("input-required", async (): Promise<Provided<Task>> => {
      const text = await this.askingMessage();
      if (!text)
        return {
          ok: false,
          reason: `none of ${this.candidates().length} messages sent made the agent ask back; pass --hint input-required="..."`,
          evidence: [],
        };
      const settled = await this.sendAndSettle(text);
      if (!settled.ok || settled.value.state === "input-required") return settled;
      return {
        ok: false,
        reason: `the message that asked back ended ${settled.value.state} this time, not input-required`,
        evidence: settled.evidence,
      };
    });
  }
}
