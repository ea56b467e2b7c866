import type { ProtocolGeneration } from "../model/generation.js";
import type { SendInput } from "./types.js";

/**
 * The one place a user message's parts and metadata are shaped for the wire, whatever the binding:
 * - "0.1": parts with a `type` discriminator (A2A 0.1 Part);
 * - "0.2"/"0.3": parts with a `kind` discriminator (A2A 0.3 §6.5);
 * - "1.0": one Part type, the member present is the discriminator (A2A 1.0 §4.1.6);
 * - "proto-0.3": the 0.3 protobuf as JSON, used by 0.3 REST and gRPC (oneof `text` / `file` / `data`).
 */
export type PartStyle = ProtocolGeneration | "proto-0.3";

type Json = Record<string, unknown>;

function textPart(style: PartStyle, text: string): Json {
  if (style === "0.1") return { type: "text", text };
  if (style === "0.2" || style === "0.3") return { kind: "text", text };
  return { text };
}

function extraPart(style: PartStyle, part: NonNullable<SendInput["parts"]>[number]): Json {
  if (part.kind === "data") {
    if (style === "0.1") return { type: "data", data: part.data };
    if (style === "0.2" || style === "0.3") return { kind: "data", data: part.data };
    // The 0.3 proto wraps the struct in DataPart { data }.
    return style === "proto-0.3" ? { data: { data: part.data } } : { data: part.data };
  }
  const file = { name: part.name, mimeType: part.mediaType, bytes: part.bytes };
  const metadata = part.metadata ? { metadata: part.metadata } : {};
  if (style === "0.1") return { type: "file", file, ...metadata };
  if (style === "0.2" || style === "0.3") return { kind: "file", file, ...metadata };
  if (style === "proto-0.3")
    // The 0.3 proto's FilePart has no name field, and its Part no metadata: both stay off the wire.
    return { file: { fileWithBytes: part.bytes, mimeType: part.mediaType } };
  return { raw: part.bytes, mediaType: part.mediaType, filename: part.name, ...metadata };
}

/** The message's parts: the text part (unless the text is empty and other parts are given), then the others. */
export function messageParts(style: PartStyle, input: SendInput): Json[] {
  const ownText = { ...textPart(style, input.text), ...input.textPartAlso };
  if (!input.parts?.length) return [ownText];
  const extra = (input.parts ?? []).map((p) => extraPart(style, p));
  const text = input.text === "" && extra.length > 0 ? [] : [ownText];
  return [...text, ...extra];
}

/** `metadata` for the message when the input carries some (every generation has Message.metadata). */
export function messageMetadata(input: SendInput): Json {
  return input.metadata && Object.keys(input.metadata).length > 0 ? { metadata: input.metadata } : {};
}
