import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LlmError, type ChatRequest, type LanguageModelClient } from "../../llm/types.js";
import { DiskModelStore, MemoryModelStore, storedModel } from "./model-calls.js";

/** A model that answers "reply N" to its N-th call, and counts them. */
function countingModel(): LanguageModelClient & { asked: number } {
  const model = {
    id: "test:counting",
    servedAt: "http://127.0.0.1:1/v1",
    asked: 0,
    chat<T>(request: ChatRequest<T>) {
      model.asked += 1;
      const object = request.json ? ({ verdict: `reply ${model.asked}` } as T) : undefined;
      return Promise.resolve({
        text: `reply ${model.asked}`,
        ...(object !== undefined ? { object } : {}),
        usage: { input_tokens: 1, output_tokens: 1 },
        attempts: 1,
      });
    },
  };
  return model;
}

const ask = (text: string): ChatRequest<unknown> => ({
  system: "s",
  messages: [{ role: "user", content: text }],
  temperature: 0,
});

describe("storedModel", () => {
  it("keeps the n-th identical call apart from the first, so trials that ask the same thing keep their own replies", async () => {
    const inner = countingModel();
    const store = new MemoryModelStore();
    const recording = storedModel(inner, store, "record");
    expect((await recording.chat(ask("hi"))).text).toBe("reply 1");
    expect((await recording.chat(ask("hi"))).text).toBe("reply 2");
    const replay = storedModel(undefined, store, "replay", inner.id);
    expect((await replay.chat(ask("hi"))).text).toBe("reply 1");
    expect((await replay.chat(ask("hi"))).text).toBe("reply 2");
    await expect(replay.chat(ask("hi"))).rejects.toThrow(LlmError);
    await expect(replay.chat(ask("something else"))).rejects.toThrow(
      /no recording of this model call to test:counting/,
    );
  });

  it("caches on disk between runs: a second run asks nothing the first asked", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pw-model-cache-"));
    const inner = countingModel();
    await storedModel(inner, new DiskModelStore(dir), "cache").chat(ask("hi"));
    const again = await storedModel(inner, new DiskModelStore(dir), "cache").chat(ask("hi"));
    expect(again.text).toBe("reply 1");
    expect(again.usage).toEqual({ input_tokens: 0, output_tokens: 0 });
    expect(inner.asked).toBe(1);
  });

  it("checks a stored JSON answer against the schema again when it is read", async () => {
    const store = new MemoryModelStore();
    const inner = countingModel();
    const json = { schema: z.object({ verdict: z.string() }), name: "verdict" };
    await storedModel(inner, store, "record").chat({ ...ask("grade"), json });
    const replay = storedModel(undefined, store, "replay", inner.id);
    expect((await replay.chat({ ...ask("grade"), json })).object).toEqual({ verdict: "reply 1" });
    const strict = { schema: z.object({ verdict: z.number() }), name: "verdict" };
    await expect(
      storedModel(undefined, store, "replay", inner.id).chat({ ...ask("grade"), json: strict }),
    ).rejects.toThrow();
  });
});
