import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, NoObjectGeneratedError, Output, type LanguageModel } from "ai";
import type { z } from "zod";
import type { ModelConfig } from "./model-config.js";
import { defaultRetryPolicy, toLlmError, withRetry, type RetryPolicy } from "./retry.js";
import { isRefusal } from "./refusal.js";
import {
  addUsage,
  LlmError,
  type ChatMessage,
  type ChatRequest,
  type ChatResult,
  type LanguageModelClient,
  type TokenUsage,
} from "./types.js";

// The SDK prints its warnings with console.warn; Plainwright's stderr is for progress lines only.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

export interface ModelClientOptions {
  /** Called with every URL before it is fetched (the outbound policy); throws to refuse. */
  guard?: (url: string) => Promise<void>;
  retry?: Partial<RetryPolicy>;
  /** Replies longer than this are cut by the provider. */
  maxOutputTokens?: number;
}

type Fetch = typeof globalThis.fetch;

/** fetch that asks the guard first and never follows a redirect (a 3xx could point at a metadata address). */
function guardedFetch(guard: ModelClientOptions["guard"]): Fetch {
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (guard) await guard(url);
    return fetch(input, { ...init, redirect: "error" });
  };
}

function languageModel(config: ModelConfig, fetchFn: Fetch): LanguageModel {
  if (config.api === "anthropic") {
    return createAnthropic({
      baseURL: config.baseURL,
      ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      ...(config.headers ? { headers: config.headers } : {}),
      fetch: fetchFn,
    })(config.model);
  }
  return createOpenAICompatible({
    name: config.provider,
    baseURL: config.baseURL,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...(config.headers ? { headers: config.headers } : {}),
    ...(config.queryParams ? { queryParams: config.queryParams } : {}),
    // Ollama, vLLM, llama.cpp and LM Studio accept response_format json_schema too; a server that ignores
    // it still gets its reply validated and repaired once.
    supportsStructuredOutputs: true,
    fetch: fetchFn,
  }).chatModel(config.model);
}

interface RawReply {
  text: string;
  usage: TokenUsage;
  refused: boolean;
  object?: unknown;
  problem?: string;
}

function usageOf(usage: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined) {
  return { input_tokens: usage?.inputTokens ?? 0, output_tokens: usage?.outputTokens ?? 0 };
}

// Models often wrap JSON in a Markdown fence or a sentence; take the outermost object before asking again.
function salvage<T>(text: string, schema: z.ZodType<T>): { object?: T; problem: string } {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start)
    return { problem: text.trim() === "" ? "the reply was empty" : "no JSON object" };
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch (error) {
    return { problem: `not valid JSON (${(error as Error).message})` };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { object: parsed.data, problem: "" };
  // Every issue, so the repair request (and the error after it) names each missing or unexpected field.
  const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"} ${i.message}`);
  return { problem: `does not match the schema: ${issues.join("; ")}` };
}

/** A LanguageModelClient over the Vercel AI SDK (OpenAI-compatible chat completions or Anthropic messages). */
export class AiSdkModelClient implements LanguageModelClient {
  readonly id: string;
  readonly servedAt: string;
  private readonly model: LanguageModel;
  private readonly retry: RetryPolicy;

  constructor(
    readonly config: ModelConfig,
    private readonly options: ModelClientOptions = {},
  ) {
    this.id = `${config.provider}:${config.model}`;
    this.servedAt = config.baseURL;
    this.model = languageModel(config, guardedFetch(options.guard));
    this.retry = { ...defaultRetryPolicy, ...options.retry };
  }

  private async once<T>(request: ChatRequest<T>, messages: ChatMessage[]): Promise<RawReply> {
    try {
      const result = await generateText({
        model: this.model,
        system: request.system,
        messages,
        temperature: request.temperature,
        maxRetries: 0,
        maxOutputTokens: this.options.maxOutputTokens ?? 2048,
        abortSignal: AbortSignal.timeout(this.config.timeoutMs),
        ...(request.json ? { output: Output.object(request.json) } : {}),
      });
      const refused = result.finishReason === "content-filter";
      const object: unknown = request.json && !refused ? result.output : undefined;
      return { text: result.text, usage: usageOf(result.usage), refused, object };
    } catch (error) {
      if (!NoObjectGeneratedError.isInstance(error)) throw error;
      const refused = error.finishReason === "content-filter";
      return { text: error.text ?? "", usage: usageOf(error.usage), refused };
    }
  }

  private async attempt<T>(request: ChatRequest<T>, messages: ChatMessage[], label: string) {
    return withRetry(
      () => this.once(request, messages),
      this.retry,
      (error) => toLlmError(error, label, this.config.timeoutMs),
    );
  }

  /** One chat call; JSON calls are validated and, when invalid, repaired once by asking again. */
  async chat<T>(request: ChatRequest<T>): Promise<ChatResult<T>> {
    const label = `the ${request.purpose ?? "model"} call to ${this.id}`;
    const first = await this.attempt(request, request.messages, label);
    let usage = first.value.usage;
    let attempts = first.attempts;
    const refusal = (reply: RawReply) =>
      new LlmError("refusal", `${label}: the model refused: ${JSON.stringify(reply.text.slice(0, 200))}`, {
        usage,
      });
    if (first.value.refused) throw refusal(first.value);
    if (!request.json) return { text: first.value.text, usage, attempts };
    const check = (reply: RawReply) =>
      reply.object !== undefined
        ? { object: reply.object as T, problem: "" }
        : salvage(reply.text, request.json!.schema);
    const parsed = check(first.value);
    if (parsed.object !== undefined)
      return { text: first.value.text, object: parsed.object, usage, attempts };
    // A model that answers in words that refuse has refused: asking it again for JSON would only repeat that.
    if (isRefusal(first.value.text)) throw refusal(first.value);
    const repair: ChatMessage[] = [
      ...request.messages,
      { role: "assistant", content: first.value.text || "(empty reply)" },
      {
        role: "user",
        content: `That reply is invalid: ${parsed.problem}. Reply again with only the JSON object the schema "${request.json.name}" describes.`,
      },
    ];
    const second = await this.attempt(request, repair, label);
    usage = addUsage(usage, second.value.usage);
    attempts += second.attempts;
    if (second.value.refused) throw refusal(second.value);
    const again = check(second.value);
    if (again.object === undefined && isRefusal(second.value.text)) throw refusal(second.value);
    if (again.object === undefined)
      throw new LlmError("invalid-json", `${label} returned invalid JSON twice: ${again.problem}`, { usage });
    return { text: second.value.text, object: again.object, usage, attempts };
  }
}

/** Builds the client for a resolved model configuration. */
export function createModelClient(config: ModelConfig, options?: ModelClientOptions): LanguageModelClient {
  return new AiSdkModelClient(config, options);
}
