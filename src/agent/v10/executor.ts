import { randomUUID } from "node:crypto";
import { Role, TaskState } from "@a2a-js/sdk";
import type { Message, Part, Task } from "@a2a-js/sdk";
import { AgentEvent } from "@a2a-js/sdk/server";
import type { AgentExecutor, ExecutionEventBus, RequestContext } from "@a2a-js/sdk/server";
import type { IncomingMessage, JsonObject, Planner, ReplyPlan } from "../types.js";
import type { WorkRegistry } from "../work-registry.js";

type Ids = { taskId: string; contextId: string };

function textPart(text: string): Part {
  return {
    content: { $case: "text", value: text },
    mediaType: "text/plain",
    filename: "",
    metadata: undefined,
  };
}

function dataPart(data: JsonObject): Part {
  return {
    content: { $case: "data", value: data },
    mediaType: "application/json",
    filename: "",
    metadata: undefined,
  };
}

function agentMessage(text: string, ids: { taskId: string; contextId: string }): Message {
  return {
    messageId: randomUUID(),
    ...ids,
    role: Role.ROLE_AGENT,
    parts: [textPart(text)],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

function textOf(message: Message): string {
  return message.parts
    .map((part) => (part.content?.$case === "text" ? part.content.value : ""))
    .join(" ")
    .trim();
}

/** Data parts as JSON, inline files decoded and file names, so a planner can read what a message carries besides text. */
function incomingOf(message: Message, ids: Ids): IncomingMessage {
  const attachments = message.parts.flatMap((part) => {
    const c = part.content;
    if (c?.$case === "data") return [JSON.stringify(c.value)];
    // A file's name is read too: it is text the sender chose, and instructions hide there as well.
    const named = part.filename ? [part.filename] : [];
    // So is a part's metadata: the sender writes it as freely as the text.
    const described =
      part.metadata && Object.keys(part.metadata).length > 0 ? [JSON.stringify(part.metadata)] : [];
    if (c?.$case === "raw") return [...named, ...described, Buffer.from(c.value).toString("utf8")];
    return [...named, ...described];
  });
  return { ...ids, attachments, metadata: message.metadata ?? {} };
}

function status(ids: Ids, state: TaskState, message?: Message) {
  return AgentEvent.statusUpdate({
    ...ids,
    status: { state, message, timestamp: new Date().toISOString() },
    metadata: undefined,
  });
}

function artifact(ids: Ids, parts: Part[]) {
  return AgentEvent.artifactUpdate({
    ...ids,
    artifact: {
      artifactId: randomUUID(),
      name: "reply",
      description: "",
      parts,
      metadata: undefined,
      extensions: [],
    },
    append: false,
    lastChunk: true,
    metadata: undefined,
  });
}

/** The helpdesk executor on the A2A 1.0 SDK (1.3.0). The SDK settles the event bus itself. */
export class HelpdeskExecutorV10 implements AgentExecutor {
  constructor(
    private readonly planner: Planner,
    private readonly work: WorkRegistry,
  ) {}

  async execute(ctx: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const ids = { taskId: ctx.taskId, contextId: ctx.contextId };
    const resuming = ctx.task?.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED;
    const plan = this.planner(textOf(ctx.userMessage), resuming, incomingOf(ctx.userMessage, ids));
    if (plan.outcome.kind === "message") {
      bus.publish(
        AgentEvent.message(agentMessage(plan.outcome.text, { taskId: "", contextId: ctx.contextId })),
      );
      return;
    }
    this.work.rememberContext(ctx.taskId, ctx.contextId);
    // The 1.3.0 handler requires a Task (or Message) as the first event of every call, follow-ups included.
    bus.publish(AgentEvent.task(ctx.task ?? this.newTask(ctx)));
    bus.publish(status(ids, TaskState.TASK_STATE_WORKING));
    if (plan.outcome.kind === "stays-working") return;
    // A canceled task already got its canceled event from cancelTask().
    const progress = (text: string) =>
      bus.publish(status(ids, TaskState.TASK_STATE_WORKING, agentMessage(text, ids)));
    if (!(await this.work.workThrough(ctx.taskId, plan.workMs, plan.progress ?? [], progress))) return;
    this.publishOutcome(plan, ids, bus);
  }

  /**
   * Publishes CANCELED itself instead of flagging a loop as the SDK sample does: an
   * input-required task has no running loop, so the flag would never be read and the
   * SDK's cancel would wait forever for a terminal event.
   */
  cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    this.work.abort(taskId);
    const ids = { taskId, contextId: this.work.contextOf(taskId) ?? "" };
    bus.publish(status(ids, TaskState.TASK_STATE_CANCELED, agentMessage("Canceled at your request.", ids)));
    return Promise.resolve();
  }

  private newTask(ctx: RequestContext): Task {
    return {
      id: ctx.taskId,
      contextId: ctx.contextId,
      status: {
        state: TaskState.TASK_STATE_SUBMITTED,
        message: undefined,
        timestamp: new Date().toISOString(),
      },
      artifacts: [],
      history: [ctx.userMessage],
      metadata: undefined,
    };
  }

  private publishOutcome(plan: ReplyPlan, ids: Ids, bus: ExecutionEventBus): void {
    const { outcome } = plan;
    switch (outcome.kind) {
      case "completed":
        bus.publish(artifact(ids, [textPart(outcome.text)]));
        bus.publish(status(ids, TaskState.TASK_STATE_COMPLETED));
        break;
      case "data-only":
        bus.publish(artifact(ids, [dataPart(outcome.data)]));
        bus.publish(status(ids, TaskState.TASK_STATE_COMPLETED));
        break;
      case "input-required":
        bus.publish(status(ids, TaskState.TASK_STATE_INPUT_REQUIRED, agentMessage(outcome.question, ids)));
        break;
      case "failed":
        bus.publish(status(ids, TaskState.TASK_STATE_FAILED, agentMessage(outcome.reason, ids)));
        break;
      default:
        break;
    }
  }
}
