import { randomUUID } from "node:crypto";
import { messageOf, storedTask } from "./rpc-call.js";
import type { Response } from "express";
import type { AgentProtocol, FlawDefinition, JsonObject, ProtocolKit, RpcCall } from "../types.js";
import { isObject } from "../json.js";
import { SUBSCRIBE_FLAWS } from "./subscribe.js";

const BOTH: AgentProtocol[] = ["0.3", "1.0"];

/** A correct message stream, in parts a flaw can bend (A2A 0.3 §7.2; 1.0 §3.1.2 StreamResponse). */
interface StreamParts {
  /** The Task in state submitted. */
  task: unknown;
  working: unknown;
  artifacts: unknown[];
  /** The terminal status event (0.3: final:true). */
  final: unknown;
  /** The finished Task itself, as a stream event (1.0.1 §11.7 lets it be resent before closing). */
  snapshot: unknown;
}

type StreamShape = (parts: StreamParts) => unknown[];

const correctStream: StreamShape = (p) => [p.task, p.working, ...p.artifacts, p.final];

/** Splits a finished send result into the events a correct stream of it carries. */
function streamParts(protocol: AgentProtocol, result: unknown): StreamParts | undefined {
  const v10 = protocol === "1.0";
  const task = v10 ? (result as { task?: unknown }).task : result;
  if (!isObject(task) || (!v10 && task.kind !== "task")) return undefined;
  const ids = { taskId: task.id, contextId: task.contextId };
  const update = (kind: "status" | "artifact", body: JsonObject): unknown => {
    const event = { ...ids, ...body };
    if (v10) return kind === "status" ? { statusUpdate: event } : { artifactUpdate: event };
    return { kind: kind === "status" ? "status-update" : "artifact-update", ...event };
  };
  const state = (name: string) => ({ state: v10 ? `TASK_STATE_${name.toUpperCase()}` : name });
  const { artifacts: _done, ...rest } = task;
  const submitted = { ...rest, status: { ...state("submitted"), timestamp: new Date().toISOString() } };
  const artifacts = Array.isArray(task.artifacts) ? task.artifacts : [];
  return {
    task: v10 ? { task: submitted } : submitted,
    working: update("status", { status: state("working"), ...(v10 ? {} : { final: false }) }),
    artifacts: artifacts.map((artifact: unknown) => update("artifact", { artifact })),
    final: update("status", { status: task.status, ...(v10 ? {} : { final: true }) }),
    snapshot: v10 ? { task } : task,
  };
}

/** An update event with another contextId; Tasks and Messages unchanged. */
function withContextId(event: unknown, contextId: string): unknown {
  if (!isObject(event)) return event;
  if (isObject(event.statusUpdate)) return { statusUpdate: { ...event.statusUpdate, contextId } };
  if (isObject(event.artifactUpdate)) return { artifactUpdate: { ...event.artifactUpdate, contextId } };
  const update = event.kind === "status-update" || event.kind === "artifact-update";
  return update ? { ...event, contextId } : event;
}

/**
 * A 1.0 update event as A2A 0.3 spelt it: no StreamResponse member, a `kind` instead, and the state in
 * 0.3's kebab-case (an agent ported from 0.3 that kept its stream serialiser).
 */
function as03Update(event: unknown): unknown {
  if (!isObject(event)) return event;
  if (isObject(event.artifactUpdate)) return { kind: "artifact-update", ...event.artifactUpdate };
  if (!isObject(event.statusUpdate)) return event;
  const status = isObject(event.statusUpdate.status) ? event.statusUpdate.status : {};
  const state = String(status.state)
    .replace(/^TASK_STATE_/, "")
    .toLowerCase()
    .replace(/_/g, "-");
  return { kind: "status-update", ...event.statusUpdate, status: { ...status, state } };
}

interface WriteOptions {
  contentType?: string;
  /** Leave the response open after the last event. */
  keepOpen?: boolean;
  /** Written before each event's JSON on its data line (a stray record separator, as VoltAgent sends). */
  prefix?: string;
}

function writeEvents(res: Response, id: RpcCall["id"], results: unknown[], options: WriteOptions): void {
  res.status(200);
  res.setHeader("Content-Type", options.contentType ?? "text/event-stream");
  res.setHeader("Cache-Control", "no-cache");
  const prefix = options.prefix ?? "";
  for (const result of results)
    res.write(`data: ${prefix}${JSON.stringify({ jsonrpc: "2.0", id, result })}\n\n`);
  if (!options.keepOpen) return void res.end();
  res.flushHeaders();
  // Closed by the client's idle timeout or the agent's shutdown; the timer is only a backstop.
  const backstop = setTimeout(() => res.end(), 60_000).unref();
  res.on("close", () => clearTimeout(backstop));
}

/** The real agent's blocking answer to a streaming call's params, or undefined when it refuses them. */
async function sentBlocking(call: RpcCall, kit: ProtocolKit): Promise<{ result: unknown } | undefined> {
  try {
    return { result: await kit.sendBlocking(call.params) };
  } catch {
    return undefined;
  }
}

/**
 * Whether a call's message asks for slow work (the helpdesk's "slow" hint): its stream is left to the SDK, which
 * streams as the work goes, so that a bent stream (written whole once the task is done) shows its own defect
 * only, not a stream held until the end (streaming.immediate-feedback's).
 */
function asksSlowWork(call: RpcCall): boolean {
  return JSON.stringify(call.params ?? {})
    .toLowerCase()
    .includes("slow");
}

/** A flaw that answers the streaming method with its own (bent) stream of the real task. */
function streamFlaw(
  info: Pick<FlawDefinition, "name" | "protocols" | "description" | "expect">,
  shape: StreamShape,
  options: WriteOptions = {},
): FlawDefinition {
  return {
    ...info,
    category: "protocol",
    rpc: async (call, res, kit) => {
      if (call.method !== kit.streamMethod || asksSlowWork(call)) return false;
      const sent = await sentBlocking(call, kit);
      if (!sent) return false; // the SDK answers bad params with the proper error
      const { result } = sent;
      const parts = streamParts(kit.protocol, result);
      writeEvents(res, call.id, parts ? shape(parts) : [result], options);
      return true;
    },
  };
}

/**
 * Answers the streaming method with a correct stream of the real task as `edit` leaves its blocking send result
 * (a flaw in what the task holds, streamed as sent); false for any other call, or params the SDK should refuse.
 */
export async function streamEdited(
  call: RpcCall,
  res: Response,
  kit: ProtocolKit,
  edit: (result: unknown) => void,
): Promise<boolean> {
  if (call.method !== kit.streamMethod || asksSlowWork(call)) return false;
  const sent = await sentBlocking(call, kit);
  if (!sent) return false;
  edit(sent.result);
  const parts = streamParts(kit.protocol, sent.result);
  writeEvents(res, call.id, parts ? correctStream(parts) : [sent.result], {});
  return true;
}

const STREAM_FLAWS: FlawDefinition[] = [
  streamFlaw(
    {
      name: "stream-no-final",
      protocols: ["0.3"],
      description:
        "The last status-update of a stream (completed) carries final:false; no event has final:true.",
      expect: "streaming.final-event fails: no event carries final:true",
    },
    (p) => [p.task, p.working, ...p.artifacts, { ...(p.final as JsonObject), final: false }],
  ),
  streamFlaw(
    {
      name: "stream-framed-no-final",
      protocols: ["0.3"],
      description:
        "Each event's JSON follows a record separator (0x1E) on its data line, and no event has final:true (as VoltAgent streams).",
      expect:
        "streaming.events-well-formed fails (the framing) and streaming.final-event fails (read leniently: no final event)",
    },
    (p) => [p.task, p.working, ...p.artifacts, { ...(p.final as JsonObject), final: false }],
    { prefix: "\x1e" },
  ),
  streamFlaw(
    {
      name: "stream-events-after-final",
      protocols: BOTH,
      description: "After the final completed status, the stream repeats the working status, then closes.",
      expect: "streaming.final-event fails: an event follows the final one",
    },
    (p) => [...correctStream(p), p.working],
  ),
  {
    ...streamFlaw(
      {
        name: "stream-final-task-snapshot",
        protocols: ["1.0"],
        description: "After the terminal status, the stream resends the finished Task, then closes.",
        expect:
          "allowed (A2A 1.0.1 §11.7: an implementation MAY resend a final Task snapshot before closing): streaming.final-event passes",
      },
      (p) => [...correctStream(p), p.snapshot],
    ),
    allowed: true,
  },
  {
    ...streamFlaw(
      {
        name: "stream-single-task",
        protocols: ["0.3"],
        description:
          "The stream is the finished Task alone, one event, then it closes: no status update to mark final.",
        expect:
          "allowed (A2A 0.3 §7.2 lets a stream's result be a Task; final marks a status update): streaming.final-event passes",
      },
      (p) => [p.snapshot],
    ),
    allowed: true,
  },
  streamFlaw(
    {
      name: "task-missing-kind",
      protocols: ["0.3"],
      description: 'The Task that opens a stream has no kind: "task" (required since A2A 0.2).',
      expect: "streaming.events-well-formed fails: a Task without its kind",
    },
    (p) => {
      const { kind: _kind, ...task } = p.task as JsonObject;
      return [task, p.working, ...p.artifacts, p.final];
    },
  ),
  streamFlaw(
    {
      name: "stream-state-backwards",
      protocols: BOTH,
      description: "A stream reports working, then the Task in submitted again, then completes.",
      expect: "streaming.events-well-formed fails: the state goes back to submitted",
    },
    (p) => [p.task, p.working, p.task, ...p.artifacts, p.final],
  ),
  streamFlaw(
    {
      name: "stream-wrong-content-type",
      protocols: BOTH,
      description: "Streams are SSE-framed but sent with Content-Type application/json.",
      expect:
        "streaming.content-type fails; the SSE frames are still read (leniently), so the other stream checks judge them",
    },
    correctStream,
    { contentType: "application/json" },
  ),
  streamFlaw(
    {
      name: "stream-never-ends",
      protocols: BOTH,
      description:
        "After the final event the server keeps the stream's connection open instead of closing it.",
      expect: "streaming.stream-ends fails: still open after the final event",
    },
    correctStream,
    { keepOpen: true },
  ),
  streamFlaw(
    {
      name: "stream-first-event-completed",
      protocols: BOTH,
      description:
        "A stream carries only the final completed status-update: no Task, no submitted or working status.",
      expect: "streaming.first-event fails: the first event is a completed status",
    },
    (p) => [p.final],
  ),
  streamFlaw(
    {
      name: "stream-updates-0x-shaped",
      protocols: ["1.0"],
      description:
        'A stream\'s status and artifact updates keep A2A 0.3\'s shape: {"kind": "status-update", ..., "status": {"state": "working"}} instead of {"statusUpdate": {...}} with TASK_STATE_* names.',
      expect: "streaming.wire-format fails: an event is no StreamResponse, and its state is no enum name",
    },
    (p) => correctStream(p).map(as03Update),
  ),
  streamFlaw(
    {
      name: "stream-update-wrong-context",
      protocols: BOTH,
      description: "Status and artifact updates of a stream carry a fresh contextId instead of the task's.",
      expect: "streaming.events-well-formed fails: an update's contextId is not the task's",
    },
    (p) => {
      const other = randomUUID();
      return correctStream(p).map((event) => withContextId(event, other));
    },
  ),
];

/** A stream whose events are CloudEvents envelopes rather than JSON-RPC responses (seen on the Inference Gateway ADK 0.16). */
const streamEventsNotJsonRpc: FlawDefinition = {
  name: "stream-events-not-jsonrpc",
  category: "protocol",
  protocols: ["0.3"],
  description:
    "The events of a message stream are CloudEvents envelopes ({specversion, type, data}) around the task, not JSON-RPC responses.",
  expect:
    "streaming.events-well-formed fails; streaming.first-event and streaming.final-event, which have no A2A event to judge, skip and name it",
  rpc: async (call, res, kit) => {
    if (call.method !== kit.streamMethod) return false;
    const sent = await sentBlocking(call, kit);
    if (!sent) return false;
    res.status(200);
    res.setHeader("Content-Type", "text/event-stream");
    const envelope = { specversion: "1.0", id: randomUUID(), type: "task.status.changed", data: sent.result };
    res.end(`data: ${JSON.stringify(envelope)}\n\n`);
    return true;
  },
};

const streamRefusalSilent: FlawDefinition = {
  name: "stream-refusal-silent",
  category: "protocol",
  protocols: BOTH,
  description:
    "A streamed message naming a task that does not exist gets an event stream that closes at once: no error, no event (as Mastra 1.71 does).",
  expect: "streaming.refusal-answered fails",
  rpc: async (call, res, kit) => {
    if (call.method !== kit.streamMethod) return false;
    const taskId = messageOf(call).taskId;
    if (typeof taskId !== "string" || (await storedTask(kit, taskId))) return false;
    res.status(200);
    res.setHeader("Content-Type", "text/event-stream");
    res.end();
    return true;
  },
};

/** Streaming and subscribe flaws: bent event streams, refused or misframed subscriptions, lost tasks. */
export const STREAMING_FLAWS: FlawDefinition[] = [
  ...STREAM_FLAWS,
  ...SUBSCRIBE_FLAWS,
  streamEventsNotJsonRpc,
  streamRefusalSilent,
];
