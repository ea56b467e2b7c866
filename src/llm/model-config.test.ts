import { describe, expect, it } from "vitest";
import { howToConfigure, modelSpecFor, resolveModelConfig } from "./model-config.js";
import { costOf } from "./pricing.js";

describe("modelSpecFor", () => {
  it("prefers the role flag, then --model, then the role variable, then PLAINWRIGHT_MODEL", () => {
    const env = { PLAINWRIGHT_MODEL: "openai:a", PLAINWRIGHT_JUDGE_MODEL: "openai:b" };
    expect(modelSpecFor("judge", {}, env)).toBe("openai:b");
    expect(modelSpecFor("user", {}, env)).toBe("openai:a");
    expect(modelSpecFor("judge", { model: "openai:c" }, env)).toBe("openai:c");
    expect(modelSpecFor("judge", { model: "openai:c", judgeModel: "openai:d" }, env)).toBe("openai:d");
    expect(modelSpecFor("user", {}, {})).toBeUndefined();
  });
});

describe("resolveModelConfig", () => {
  it("says exactly how to configure a model when none is", () => {
    expect(() => resolveModelConfig("judge", {}, {})).toThrow(howToConfigure("judge"));
    expect(howToConfigure("user")).toMatch(/PLAINWRIGHT_MODEL.*openai:gpt-4o-mini.*OPENAI_API_KEY/);
  });

  it("reads OpenAI's key and base URL, and requires the key", () => {
    expect(
      resolveModelConfig("user", { model: "openai:gpt-4o-mini" }, { OPENAI_API_KEY: "k" }),
    ).toMatchObject({
      provider: "openai",
      api: "openai",
      model: "gpt-4o-mini",
      baseURL: "https://api.openai.com/v1",
      apiKey: "k",
      timeoutMs: 120_000,
    });
    expect(() => resolveModelConfig("user", { model: "openai:gpt-4o-mini" }, {})).toThrow(
      /no API key; set OPENAI_API_KEY or PLAINWRIGHT_MODEL_API_KEY/,
    );
  });

  it("takes keys from a secrets file too", () => {
    const config = resolveModelConfig(
      "user",
      { model: "anthropic:claude-haiku-4-5" },
      {},
      { ANTHROPIC_API_KEY: "s" },
    );
    expect(config).toMatchObject({ api: "anthropic", apiKey: "s", baseURL: "https://api.anthropic.com/v1" });
  });

  it("knows the local servers' default addresses and needs no key for them", () => {
    expect(resolveModelConfig("user", { model: "ollama:llama3" }, {}).baseURL).toBe(
      "http://127.0.0.1:11434/v1",
    );
    expect(resolveModelConfig("user", { model: "lmstudio:qwen" }, {}).baseURL).toBe(
      "http://127.0.0.1:1234/v1",
    );
    expect(
      resolveModelConfig("user", { model: "openai-compatible:llama3" }, { OPENAI_BASE_URL: "http://h:1/v1/" })
        .baseURL,
    ).toBe("http://h:1/v1");
    expect(() => resolveModelConfig("user", { model: "openai-compatible:x" }, {})).toThrow(
      /set PLAINWRIGHT_MODEL_BASE_URL to the server's base URL/,
    );
  });

  it("builds Azure OpenAI's deployment URL, api-key header and api-version", () => {
    const config = resolveModelConfig(
      "judge",
      { model: "azure:my-gpt4o" },
      { AZURE_OPENAI_ENDPOINT: "https://r.openai.azure.com", AZURE_OPENAI_API_KEY: "az" },
    );
    expect(config).toMatchObject({
      baseURL: "https://r.openai.azure.com/openai/deployments/my-gpt4o",
      headers: { "api-key": "az" },
      queryParams: { "api-version": "2024-10-21" },
    });
    expect(config.apiKey).toBeUndefined();
  });

  it.each(["gpt-4o-mini", "nope:x", "openai:", ":x"])("rejects the malformed spec %j", (spec) => {
    expect(() => resolveModelConfig("user", { model: spec }, {})).toThrow(/expected provider:name/);
  });

  it("reads PLAINWRIGHT_MODEL_TIMEOUT_S", () => {
    const env = { PLAINWRIGHT_MODEL_TIMEOUT_S: "5" };
    expect(resolveModelConfig("user", { model: "ollama:m" }, env).timeoutMs).toBe(5000);
    expect(() =>
      resolveModelConfig("user", { model: "ollama:m" }, { PLAINWRIGHT_MODEL_TIMEOUT_S: "0" }),
    ).toThrow(/PLAINWRIGHT_MODEL_TIMEOUT_S 0: must be a positive number of seconds/);
  });
});

describe("costOf", () => {
  it("prices known hosted models by the longest matching prefix", () => {
    expect(
      costOf("openai", "gpt-4o-mini-2024-07-18", { input_tokens: 1_000_000, output_tokens: 1_000_000 }),
    ).toBeCloseTo(0.75);
    expect(costOf("openai", "gpt-4o", { input_tokens: 1000, output_tokens: 0 })).toBeCloseTo(0.0025);
    expect(costOf("anthropic", "claude-sonnet-4-5", { input_tokens: 0, output_tokens: 1000 })).toBeCloseTo(
      0.015,
    );
  });

  it("has no price for unknown or self-hosted models", () => {
    expect(costOf("openai", "my-finetune", { input_tokens: 5, output_tokens: 5 })).toBeUndefined();
    expect(costOf("ollama", "gpt-4o", { input_tokens: 5, output_tokens: 5 })).toBeUndefined();
  });
});
