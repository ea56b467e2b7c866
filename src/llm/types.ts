import type { z } from "zod";

/** One message of a chat; the system prompt is passed separately. */
export interface ChatMessage {
  role: "user" | "assistant";
  content: string;
}

/** One chat call. With `json`, the reply is an object that matched the schema. */
export interface ChatRequest<T = unknown> {
  system: string;
  messages: ChatMessage[];
  temperature: number;
  json?: { schema: z.ZodType<T>; name: string };
  /** Names the call in errors ("the judge's model call"), e.g. "judge". */
  purpose?: string;
}

/** Tokens one or more calls used. */
export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
}

export interface ChatResult<T = unknown> {
  text: string;
  /** Set for JSON calls: the validated object. */
  object?: T;
  usage: TokenUsage;
  /** Attempts made, retries included. */
  attempts: number;
}

/** A provider's model behind one small interface (docs/architecture.md, llm/). */
export interface LanguageModelClient {
  /** "provider:name", for reports and the price table. */
  readonly id: string;
  /** Where the model is served (its base URL): two servers may give one name to different models. */
  readonly servedAt?: string;
  chat<T>(request: ChatRequest<T>): Promise<ChatResult<T>>;
}

/** Why a model call failed; `code` is stable, the message names the call and says what happened. */
export type LlmErrorCode = "config" | "timeout" | "http" | "refusal" | "invalid-json" | "empty" | "network";

export class LlmError extends Error {
  override readonly name = "LlmError";
  constructor(
    readonly code: LlmErrorCode,
    message: string,
    options?: { cause?: unknown; usage?: TokenUsage },
  ) {
    super(message, options);
    this.usage = options?.usage ?? { input_tokens: 0, output_tokens: 0 };
  }
  /** Tokens already spent before the call failed (they still cost money). */
  readonly usage: TokenUsage;
}

/** Adds token counts. */
export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return { input_tokens: a.input_tokens + b.input_tokens, output_tokens: a.output_tokens + b.output_tokens };
}

export const noUsage: TokenUsage = Object.freeze({ input_tokens: 0, output_tokens: 0 });
