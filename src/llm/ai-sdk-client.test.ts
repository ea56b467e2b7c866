import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createModelClient } from "./ai-sdk-client.js";
import { resolveModelConfig } from "./model-config.js";
import { startScriptedModel, type ScriptedApi, type ScriptedModel } from "./testing/scripted-model.js";
import { LlmError } from "./types.js";

const schema = z.object({ answer: z.string(), sure: z.boolean() });
const judgeSystem = "You are the judge of a conversation.";

function clientFor(model: ScriptedModel, api: ScriptedApi, timeoutS = "5", name = "scripted-1") {
  const spec = api === "openai" ? `openai-compatible:${name}` : `anthropic:${name}`;
  const config = resolveModelConfig(
    "judge",
    { model: spec },
    {
      PLAINWRIGHT_MODEL_BASE_URL: model.baseURL,
      PLAINWRIGHT_MODEL_API_KEY: "sk-test",
      PLAINWRIGHT_MODEL_TIMEOUT_S: timeoutS,
    },
  );
  return createModelClient(config, { retry: { baseMs: 5 } });
}

/** The judge's JSON call on a scripted model; the error it ends in, if any. */
function askJudge(model: ScriptedModel, api: ScriptedApi): Promise<unknown> {
  return clientFor(model, api)
    .chat({
      system: judgeSystem,
      messages: [{ role: "user", content: "Answer" }],
      temperature: 0,
      json: { schema, name: "answer" },
      purpose: "judge",
    })
    .catch((e: unknown) => e);
}

describe.each(["openai", "anthropic"] as const)("the %s API over HTTP", (api) => {
  let model: ScriptedModel;
  beforeAll(async () => {
    model = await startScriptedModel(api, (call) =>
      call.wantsJson ? { json: { answer: "42", sure: true } } : { text: "plain words" },
    );
  });
  afterAll(() => model.close());

  it("returns text and counts tokens", async () => {
    const r = await clientFor(model, api).chat({
      system: judgeSystem,
      messages: [{ role: "user", content: "Hello" }],
      temperature: 0.7,
    });
    expect(r.text).toBe("plain words");
    expect(r.usage.input_tokens).toBeGreaterThan(0);
    expect(r.usage.output_tokens).toBeGreaterThan(0);
    expect(model.calls.at(-1)?.temperature).toBe(0.7);
  });

  it("asks for a JSON schema and returns the validated object", async () => {
    const r = await clientFor(model, api).chat({
      system: judgeSystem,
      messages: [{ role: "user", content: "Answer" }],
      temperature: 0,
      json: { schema, name: "answer" },
    });
    expect(r.object).toEqual({ answer: "42", sure: true });
    expect(model.calls.at(-1)?.jsonMode).toBe(api === "openai" ? "json_schema" : "json_tool");
  });

  it("retries after a 429 and succeeds", async () => {
    model.inject({ status: 429, retryAfter: "0" });
    const r = await clientFor(model, api).chat({
      system: judgeSystem,
      messages: [{ role: "user", content: "Hi" }],
      temperature: 0,
    });
    expect(r.attempts).toBe(2);
  });

  it("gives up after the bounded retries of a 503", async () => {
    for (let i = 0; i < 4; i++) model.inject({ status: 503 });
    const call = clientFor(model, api).chat({
      system: judgeSystem,
      messages: [{ role: "user", content: "Hi" }],
      temperature: 0,
      purpose: "judge",
    });
    await expect(call).rejects.toThrow(/the judge call to .* failed: HTTP 503/);
  });

  it("repairs invalid JSON once, and reports invalid JSON twice as an error naming the call", async () => {
    model.inject({ text: "Sure! here you go" });
    const repaired = await clientFor(model, api).chat({
      system: judgeSystem,
      messages: [{ role: "user", content: "Answer" }],
      temperature: 0,
      json: { schema, name: "answer" },
    });
    expect(repaired.object).toEqual({ answer: "42", sure: true });
    expect(model.calls.at(-1)?.prompt).toMatch(/That reply is invalid: no JSON object/);
    model.inject({ text: "here is a reply without the object" });
    model.inject({ json: { answer: 3 } });
    const error = await askJudge(model, api);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).code).toBe("invalid-json");
    expect((error as LlmError).message).toMatch(/the judge call to .* returned invalid JSON twice: .*answer/);
  });

  it("reports a refusal as a refusal", async () => {
    model.inject({ refusal: "I can't help with that." });
    const error = await clientFor(model, api)
      .chat({ system: judgeSystem, messages: [{ role: "user", content: "x" }], temperature: 0 })
      .catch((e: unknown) => e);
    expect((error as LlmError).code).toBe("refusal");
    expect((error as LlmError).message).toMatch(/refused/);
  });

  it("reports a model that refuses in words, instead of the JSON asked for, as a refusal after one reply", async () => {
    const before = model.calls.length;
    model.inject({ text: "I'm sorry, but I can't help with that request." });
    const error = await askJudge(model, api);
    expect((error as LlmError).code).toBe("refusal");
    expect(model.calls.length - before).toBe(1);
  });

  it("times out a model that never answers", async () => {
    model.inject({ hang: true });
    const error = await clientFor(model, api, "0.3")
      .chat({
        system: judgeSystem,
        messages: [{ role: "user", content: "x" }],
        temperature: 0,
        purpose: "user",
      })
      .catch((e: unknown) => e);
    expect((error as LlmError).code).toBe("timeout");
    expect((error as LlmError).message).toMatch(/the user call to .* timed out after 0.3 s/);
  });
});

describe("the guard", () => {
  it("is asked before every request and can refuse it", async () => {
    const model = await startScriptedModel("openai", () => ({ text: "hi" }));
    try {
      const config = resolveModelConfig(
        "user",
        { model: "openai-compatible:m" },
        { PLAINWRIGHT_MODEL_BASE_URL: model.baseURL },
      );
      const seen: string[] = [];
      const client = createModelClient(config, {
        guard: (url) => {
          seen.push(url);
          return Promise.reject(new Error("refused by policy"));
        },
      });
      await expect(
        client.chat({ system: "s", messages: [{ role: "user", content: "x" }], temperature: 0 }),
      ).rejects.toThrow(/refused by policy/);
      expect(seen[0]).toBe(`${model.baseURL}/chat/completions`);
      expect(model.calls).toHaveLength(0);
    } finally {
      await model.close();
    }
  });
});

describe("redirects", () => {
  it("are never followed, so a model server cannot send Plainwright to a metadata address", async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const config = resolveModelConfig(
        "user",
        { model: "openai-compatible:m" },
        { PLAINWRIGHT_MODEL_BASE_URL: `http://127.0.0.1:${port}/v1` },
      );
      const error = await createModelClient(config)
        .chat({ system: "s", messages: [{ role: "user", content: "x" }], temperature: 0 })
        .catch((e: unknown) => e);
      expect((error as LlmError).code).toBe("network");
      expect((error as LlmError).message).toMatch(/redirect/i);
      expect(hits).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
