import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { LlmError, type ChatRequest, type ChatResult, type LanguageModelClient } from "../../llm/types.js";

/** One model call as a cassette or the cache keeps it: what was asked and what came back. */
export interface StoredModelCall {
  /** sha256 of the model id and the request (system, messages, temperature, JSON schema name). */
  key: string;
  /** The n-th identical call of the run (trials ask the same first question; each keeps its own reply). */
  occurrence: number;
  model: string;
  purpose?: string;
  text: string;
  object?: unknown;
}

/** Where stored calls are looked up and kept. */
export interface ModelCallStore {
  get(key: string, occurrence: number): Promise<StoredModelCall | undefined>;
  put(call: StoredModelCall): Promise<void>;
}

/** The key of a call: the same model asked the same thing at the same temperature. */
export function modelCallKey(model: string, request: ChatRequest<unknown>): string {
  const asked = {
    model,
    system: request.system,
    messages: request.messages,
    temperature: request.temperature,
    json: request.json?.name ?? null,
  };
  return createHash("sha256").update(JSON.stringify(asked)).digest("hex");
}

/**
 * A model that answers from a store: `cache` asks the real model only for what the store lacks and keeps
 * the answer (promptfoo's cache); `record` always asks and keeps; `replay` never asks: a call the store
 * lacks is an error that names it. A JSON answer is checked against the schema again when it is read.
 */
export function storedModel(
  inner: LanguageModelClient | undefined,
  store: ModelCallStore,
  mode: "cache" | "record" | "replay",
  id: string = inner?.id ?? "replayed",
): LanguageModelClient {
  const seen = new Map<string, number>();
  // A cache spans servers, so where the model is served is part of what was asked; a cassette's calls
  // are replayed wherever the model is configured then.
  const asked = mode === "cache" && inner?.servedAt ? `${id} at ${inner.servedAt}` : id;
  return {
    id,
    async chat<T>(request: ChatRequest<T>): Promise<ChatResult<T>> {
      const key = modelCallKey(asked, request);
      const occurrence = seen.get(key) ?? 0;
      seen.set(key, occurrence + 1);
      if (mode !== "record") {
        const stored = await store.get(key, occurrence);
        if (stored) {
          const object = request.json ? request.json.schema.parse(stored.object) : undefined;
          return {
            text: stored.text,
            ...(object !== undefined ? { object } : {}),
            usage: { input_tokens: 0, output_tokens: 0 },
            attempts: 0,
          };
        }
        if (mode === "replay" || !inner)
          throw new LlmError(
            "config",
            `the cassette has no recording of ${request.purpose ? `the ${request.purpose}'s` : "this"} model call to ${id} (call ${occurrence + 1} of its kind, key ${key.slice(0, 12)}): record the test again`,
          );
      }
      if (!inner) throw new LlmError("config", `no model to ask for ${id}`);
      const result = await inner.chat(request);
      await store.put({
        key,
        occurrence,
        model: id,
        ...(request.purpose ? { purpose: request.purpose } : {}),
        text: result.text,
        ...(result.object !== undefined ? { object: result.object } : {}),
      });
      return result;
    },
  };
}

/** The calls of one run, kept in memory (a cassette writes them out at the end). */
export class MemoryModelStore implements ModelCallStore {
  readonly calls: StoredModelCall[];
  constructor(calls: readonly StoredModelCall[] = []) {
    this.calls = [...calls];
  }
  get(key: string, occurrence: number): Promise<StoredModelCall | undefined> {
    return Promise.resolve(this.calls.find((c) => c.key === key && c.occurrence === occurrence));
  }
  put(call: StoredModelCall): Promise<void> {
    this.calls.push(call);
    return Promise.resolve();
  }
}

/** Calls kept between runs, one file each, under a folder (docs/config.md "Model cache"). */
export class DiskModelStore implements ModelCallStore {
  constructor(readonly dir: string) {}
  #file(key: string, occurrence: number) {
    return join(this.dir, `${key}-${occurrence}.json`);
  }
  async get(key: string, occurrence: number): Promise<StoredModelCall | undefined> {
    try {
      const call = JSON.parse(await readFile(this.#file(key, occurrence), "utf8")) as StoredModelCall;
      return call.key === key ? call : undefined;
    } catch {
      // Absent or unreadable: the model is asked, and the entry written again.
      return undefined;
    }
  }
  async put(call: StoredModelCall): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    // Written whole, then renamed: a run killed mid-write leaves no half entry to be read later.
    const file = this.#file(call.key, call.occurrence);
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, JSON.stringify(call));
    await rename(partial, file);
  }
}
