import type { CallOutcome } from "../../client/types.js";
import type { Message, Task } from "../../protocol/model.js";
import type { CheckContext } from "../types.js";

/** A media type no agent declares: a file part of it tests how a refusal of the type is spelled. */
export const UNSUPPORTED = "application/x-plainwright-unsupported";

/** Whether the card's input modes admit any media type (then nothing is unsupported). */
export const acceptsAnything = (modes: readonly string[]): boolean =>
  modes.length === 0 || modes.some((m) => m === "*/*" || m === "application/octet-stream");

/**
 * The media types the card's defaultInputModes name; on 0.1, a card without them takes text/plain (0.1 §5.5:
 * "Defaults to [\"text/plain\"] if omitted"). Later versions require the member (its absence is
 * card.required-fields' finding), so none named admits anything here.
 */
export function cardInputModes(ctx: CheckContext): string[] {
  const raw = (ctx.rawCard as { defaultInputModes?: unknown } | null)?.defaultInputModes;
  if (raw === undefined && ctx.generation === "0.1") return ["text/plain"];
  return Array.isArray(raw) ? raw.filter((m): m is string => typeof m === "string") : [];
}

/**
 * The ordinary message with a file part of the unsupported media type beside it, sent once per binding:
 * errors.content-type-not-supported and the provoked errors judge the same reply.
 */
export function sendUnsupportedPart(ctx: CheckContext): Promise<CallOutcome<Task | Message>> {
  return ctx.fixtures.once("unsupported-part", () =>
    ctx.client.send({ text: ctx.fixtures.message, parts: [UNSUPPORTED_FILE] }),
  );
}

/** The file part of the unsupported media type. */
export const UNSUPPORTED_FILE = {
  kind: "file",
  name: "sample.bin",
  mediaType: UNSUPPORTED,
  bytes: "cGxhaW53cmlnaHQ=",
} as const;

/** The file part alone, with no text beside it: what an agent that reads only the text never meets. */
export function sendUnsupportedPartAlone(ctx: CheckContext): Promise<CallOutcome<Task | Message>> {
  return ctx.client.send({ text: "", parts: [UNSUPPORTED_FILE] });
}
