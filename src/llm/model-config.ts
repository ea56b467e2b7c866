import { LlmError } from "./types.js";

/** The providers a model spec may name: two APIs (OpenAI chat completions, Anthropic messages), many servers. */
export type Provider =
  "openai" | "azure" | "anthropic" | "openai-compatible" | "ollama" | "vllm" | "llamacpp" | "lmstudio";

export type ModelRole = "user" | "judge";

/** Everything needed to call one model. */
export interface ModelConfig {
  provider: Provider;
  model: string;
  api: "openai" | "anthropic";
  baseURL: string;
  apiKey?: string;
  /** The variable the key was read from (OPENAI_API_KEY…), to name it in a warning without showing it. */
  apiKeyName?: string;
  headers?: Record<string, string>;
  queryParams?: Record<string, string>;
  /** Per call, retries excluded. */
  timeoutMs: number;
}

/** Model choices from the command line (--model, --user-model, --judge-model). */
export interface ModelFlags {
  model?: string;
  userModel?: string;
  judgeModel?: string;
}

type Env = Record<string, string | undefined>;

interface Preset {
  api: "openai" | "anthropic";
  baseURL?: string;
  keyVar?: string;
  keyRequired: boolean;
}

// Local servers' documented default ports; their keys are optional.
const presets: Record<Provider, Preset> = {
  openai: {
    api: "openai",
    baseURL: "https://api.openai.com/v1",
    keyVar: "OPENAI_API_KEY",
    keyRequired: true,
  },
  azure: { api: "openai", keyVar: "AZURE_OPENAI_API_KEY", keyRequired: true },
  anthropic: {
    api: "anthropic",
    baseURL: "https://api.anthropic.com/v1",
    keyVar: "ANTHROPIC_API_KEY",
    keyRequired: true,
  },
  "openai-compatible": { api: "openai", keyVar: "OPENAI_API_KEY", keyRequired: false },
  ollama: { api: "openai", baseURL: "http://127.0.0.1:11434/v1", keyRequired: false },
  vllm: { api: "openai", baseURL: "http://127.0.0.1:8000/v1", keyRequired: false },
  llamacpp: { api: "openai", baseURL: "http://127.0.0.1:8080/v1", keyRequired: false },
  lmstudio: { api: "openai", baseURL: "http://127.0.0.1:1234/v1", keyRequired: false },
};

export const providerNames = Object.keys(presets) as Provider[];

/** Default per-call timeout; PLAINWRIGHT_MODEL_TIMEOUT_S overrides it. */
export const defaultModelTimeoutS = 120;

/** The exact instructions shown when no model is configured. */
export function howToConfigure(role: ModelRole): string {
  const who = role === "user" ? "the simulated user" : "the judge";
  return (
    `no model configured for ${who}: pass --model provider:name or set PLAINWRIGHT_MODEL, for example ` +
    `openai:gpt-4o-mini (with OPENAI_API_KEY), anthropic:claude-sonnet-4-5 (with ANTHROPIC_API_KEY) or ` +
    `openai-compatible:llama3 (with PLAINWRIGHT_MODEL_BASE_URL=http://127.0.0.1:11434/v1); ` +
    `--user-model/--judge-model or PLAINWRIGHT_USER_MODEL/PLAINWRIGHT_JUDGE_MODEL set one role only`
  );
}

/** Which spec applies to a role: role flag, --model, role variable, PLAINWRIGHT_MODEL (flags beat the environment). */
export function modelSpecFor(role: ModelRole, flags: ModelFlags, env: Env): string | undefined {
  const roleFlag = role === "user" ? flags.userModel : flags.judgeModel;
  const roleVar = env[role === "user" ? "PLAINWRIGHT_USER_MODEL" : "PLAINWRIGHT_JUDGE_MODEL"];
  return [roleFlag, flags.model, roleVar, env.PLAINWRIGHT_MODEL].find((s) => s !== undefined && s !== "");
}

/** The problem with a `provider:name` model spec, or undefined when it is well-formed. */
export function modelSpecProblem(spec: string): string | undefined {
  try {
    parseSpec(spec);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

function parseSpec(spec: string): { provider: Provider; model: string } {
  const colon = spec.indexOf(":");
  const provider = spec.slice(0, colon) as Provider;
  const model = spec.slice(colon + 1).trim();
  if (colon <= 0 || !providerNames.includes(provider) || model === "") {
    throw new LlmError(
      "config",
      `model ${JSON.stringify(spec)}: expected provider:name with provider one of ${providerNames.join(", ")}`,
    );
  }
  return { provider, model };
}

function pick(env: Env, secrets: Record<string, string>, names: (string | undefined)[]): string | undefined {
  for (const name of names) {
    if (name === undefined) continue;
    const value = env[name] ?? secrets[name];
    if (value !== undefined && value !== "") return value;
  }
  return undefined;
}

function timeoutFrom(env: Env): number {
  const raw = env.PLAINWRIGHT_MODEL_TIMEOUT_S;
  const seconds = raw === undefined || raw === "" ? defaultModelTimeoutS : Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new LlmError("config", `PLAINWRIGHT_MODEL_TIMEOUT_S ${raw}: must be a positive number of seconds`);
  return seconds * 1000;
}

function baseUrlFor(provider: Provider, model: string, env: Env, secrets: Record<string, string>) {
  const own = provider === "anthropic" ? "ANTHROPIC_BASE_URL" : "OPENAI_BASE_URL";
  if (provider === "azure") {
    const endpoint = pick(env, secrets, ["PLAINWRIGHT_MODEL_BASE_URL", "AZURE_OPENAI_ENDPOINT"]);
    if (!endpoint) return undefined;
    // An endpoint that already names the deployment is used as is.
    return endpoint.includes("/deployments/")
      ? endpoint
      : `${endpoint.replace(/\/+$/, "")}/openai/deployments/${model}`;
  }
  const local = !["openai", "anthropic", "openai-compatible"].includes(provider);
  // A local server's preset beats OPENAI_BASE_URL, which usually points at OpenAI itself.
  const names = local ? ["PLAINWRIGHT_MODEL_BASE_URL"] : ["PLAINWRIGHT_MODEL_BASE_URL", own];
  return pick(env, secrets, names) ?? presets[provider].baseURL;
}

/**
 * Resolves the model for one role from flags, the environment and secrets; throws an LlmError("config")
 * whose message says exactly what to set.
 */
export function resolveModelConfig(
  role: ModelRole,
  flags: ModelFlags,
  env: Env,
  secrets: Record<string, string> = {},
): ModelConfig {
  const spec = modelSpecFor(role, flags, env);
  if (spec === undefined) throw new LlmError("config", howToConfigure(role));
  const { provider, model } = parseSpec(spec);
  const preset = presets[provider];
  const baseURL = baseUrlFor(provider, model, env, secrets);
  if (baseURL === undefined) {
    const what = provider === "azure" ? "AZURE_OPENAI_ENDPOINT" : "PLAINWRIGHT_MODEL_BASE_URL";
    throw new LlmError(
      "config",
      `model ${spec}: set ${what} to the server's base URL (e.g. http://127.0.0.1:8000/v1)`,
    );
  }
  const keyNames = ["PLAINWRIGHT_MODEL_API_KEY", preset.keyVar];
  const apiKey = pick(env, secrets, keyNames);
  const apiKeyName = keyNames.find((n) => n !== undefined && (env[n] ?? secrets[n]) === apiKey);
  if (apiKey === undefined && preset.keyRequired) {
    throw new LlmError(
      "config",
      `model ${spec}: no API key; set ${preset.keyVar ?? "PLAINWRIGHT_MODEL_API_KEY"} or PLAINWRIGHT_MODEL_API_KEY (environment or --secrets file)`,
    );
  }
  const azure =
    provider === "azure"
      ? {
          headers: { "api-key": apiKey ?? "" },
          queryParams: { "api-version": env.AZURE_OPENAI_API_VERSION ?? "2024-10-21" },
        }
      : {};
  return {
    provider,
    model,
    api: preset.api,
    baseURL: baseURL.replace(/\/+$/, ""),
    ...(apiKey !== undefined && provider !== "azure" ? { apiKey } : {}),
    ...(apiKey !== undefined && apiKeyName !== undefined ? { apiKeyName } : {}),
    ...azure,
    timeoutMs: timeoutFrom(env),
  };
}

/** How a warning names a model's key without showing it: the variable it came from, or the model. */
export function modelKeyName(config: ModelConfig): string {
  return config.apiKeyName ?? `the API key of ${config.provider}:${config.model}`;
}
