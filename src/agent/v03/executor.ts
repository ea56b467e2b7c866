import { randomUUID } from "node:crypto";
import type { Message, Part, Task, TaskState, TaskStatusUpdateEvent } from "a2a-sdk-v03";
import type { AgentExecutor, ExecutionEventBus, RequestContext } from "a2a-sdk-v03/server";
import type { IncomingMessage, Planner, ReplyPlan } from "../types.js";
import type { WorkRegistry } from "../work-registry.js";

function agentMessage(text: string, taskId: string | undefined, contextId: string): Message {
  return {
    kind: "message",
    role: "agent",
    messageId: randomUUID(),
    parts: [{ kind: "text", text }],
    taskId,
    contextId,
  };
}

function textOf(message: Message): string {
  return message.parts
    .map((part) => (part.kind === "text" ? part.text : ""))
    .join(" ")
    .trim();
}

/** Data parts as JSON, inline files decoded and file names, so a planner can read what a message carries besides text. */
function incomingOf(message: Message, ids: { taskId: string; contextId: string }): IncomingMessage {
  const attachments = message.parts.flatMap((part) => {
    if (part.kind === "data") return [JSON.stringify(part.data)];
    // A file's name is read too: it is text the sender chose, and instructions hide there as well.
    const named = part.kind === "file" && part.file.name ? [part.file.name] : [];
    // So is a part's metadata: the sender writes it as freely as the text.
    const described = part.metadata ? [JSON.stringify(part.metadata)] : [];
    if (part.kind === "file" && "bytes" in part.file)
      return [...named, ...described, Buffer.from(part.file.bytes, "base64").toString("utf8")];
    return [...named, ...described];
  });
  return { ...ids, attachments, metadata: message.metadata ?? {} };
}

function statusEvent(
  ids: { taskId: string; contextId: string },
  state: TaskState,
  message?: Message,
): TaskStatusUpdateEvent {
  // A2A 0.3 §7.2: final is true on the event that ends the stream (terminal or interrupted).
  const final = state !== "working" && state !== "submitted";
  return {
    kind: "status-update",
    ...ids,
    final,
    status: { state, message, timestamp: new Date().toISOString() },
  };
}

/** The helpdesk executor on the A2A 0.3 SDK. */
export class HelpdeskExecutorV03 implements AgentExecutor {
  constructor(
    private readonly planner: Planner,
    private readonly work: WorkRegistry,
  ) {}

  async execute(ctx: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const ids = { taskId: ctx.taskId, contextId: ctx.contextId };
    const resuming = ctx.task?.status.state === "input-required";
    const plan = this.planner(textOf(ctx.userMessage), resuming, incomingOf(ctx.userMessage, ids));
    if (plan.outcome.kind === "message") {
      bus.publish(agentMessage(plan.outcome.text, undefined, ctx.contextId));
      bus.finished();
      return;
    }
    this.work.rememberContext(ctx.taskId, ctx.contextId);
    if (!ctx.task) bus.publish(this.newTask(ctx));
    bus.publish(statusEvent(ids, "working"));
    if (plan.outcome.kind === "stays-working") return bus.finished();
    // A canceled task already got its canceled event from cancelTask().
    const progress = (text: string) =>
      bus.publish(statusEvent(ids, "working", agentMessage(text, ids.taskId, ids.contextId)));
    if (!(await this.work.workThrough(ctx.taskId, plan.workMs, plan.progress ?? [], progress))) return;
    this.publishOutcome(plan, ids, bus);
    bus.finished();
  }

  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    this.work.abort(taskId);
    const contextId = this.work.contextOf(taskId) ?? "";
    const message = agentMessage("Canceled at your request.", taskId, contextId);
    bus.publish(statusEvent({ taskId, contextId }, "canceled", message));
    bus.finished();
    return Promise.resolve();
  }

  private newTask(ctx: RequestContext): Task {
    return {
      kind: "task",
      id: ctx.taskId,
      contextId: ctx.contextId,
      status: { state: "submitted", timestamp: new Date().toISOString() },
      history: [ctx.userMessage],
    };
  }

  private publishOutcome(
    plan: ReplyPlan,
    ids: { taskId: string; contextId: string },
    bus: ExecutionEventBus,
  ): void {
    const { outcome } = plan;
    const artifact = (parts: Part[]) =>
      bus.publish({
        kind: "artifact-update",
        ...ids,
        artifact: { artifactId: randomUUID(), name: "reply", parts },
      });
    switch (outcome.kind) {
      case "completed":
        artifact([{ kind: "text", text: outcome.text }]);
        bus.publish(statusEvent(ids, "completed"));
        break;
      case "data-only":
        artifact([{ kind: "data", data: outcome.data }]);
        bus.publish(statusEvent(ids, "completed"));
        break;
      case "input-required":
        bus.publish(
          statusEvent(ids, "input-required", agentMessage(outcome.question, ids.taskId, ids.contextId)),
        );
        break;
      case "failed":
        bus.publish(statusEvent(ids, "failed", agentMessage(outcome.reason, ids.taskId, ids.contextId)));
        break;
      default:
        break;
    }
  }
}
