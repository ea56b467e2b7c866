import { describe, expect, it } from "vitest";
import type { Reply } from "../protocol/model.js";
import { ChatSession } from "./chat-session.js";
import type { A2AClient, StreamOutcome } from "./types.js";

const status = (text: string): Reply => ({
  kind: "status-update",
  taskId: "t",
  state: "working",
  statusMessage: { kind: "message", role: "agent", parts: [{ kind: "text", text }] },
});
const chunk = (text: string): Reply => ({
  kind: "artifact-update",
  taskId: "t",
  artifact: { parts: [{ kind: "text", text }] },
});

/** A client whose stream plays the given events (the layer under the session). */
function streaming(events: Reply[]): A2AClient {
  return {
    stream: (_input: unknown, onEvent?: (event: Reply, raw: unknown) => void): Promise<StreamOutcome> => {
      for (const e of events) onEvent?.(e, e);
      return Promise.resolve({
        events,
        rawEvents: events,
        invalidEvents: [],
        errors: [],
        contentType: "text/event-stream",
        end: { reason: "closed" },
      } as unknown as StreamOutcome);
    },
  } as unknown as A2AClient;
}

async function shown(events: Reply[]): Promise<string> {
  let text = "";
  await new ChatSession(streaming(events)).say("hi", { stream: true, onText: (piece) => (text += piece) });
  return text;
}

describe("streamed chat text keeps the agent's own spacing", () => {
  it("puts each status message on a line of its own", async () => {
    expect(await shown([status("Still working on it."), status("Still working on it.")])).toBe(
      "Still working on it.\nStill working on it.",
    );
  });

  it("joins artifact chunks exactly as they came, adding nothing", async () => {
    expect(await shown([chunk("Please echo th"), chunk("e word banana.")])).toBe(
      "Please echo the word banana.",
    );
  });
});
