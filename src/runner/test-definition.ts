import { readFile, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { categoryAliases, checkCategories, checkLevels, type CheckCategory } from "../checks/types.js";
import { a2aTargetSchema } from "../conversation/target.js";
import { loadConfigSchema } from "../load/settings.js";
import { redteamPacks } from "../model/redteam.js";
import { transportFlags } from "../model/transport.js";
import { closestName } from "./did-you-mean.js";
import { parseEndpointOverride } from "./endpoint-override.js";
import { configError, PlainwrightError } from "./errors.js";
import { describeJsonProblem, parseJsonText } from "./json-text.js";
import { timeoutBounds } from "./timeout-bounds.js";

const httpUrl = z.string({ error: "is required (the agent's URL)" }).min(1, "is required");

/** Conversation limits: max_turns 1–50, trials 1–100 (docs/test-files.md leaves them open; these keep runs bounded). */
export const conversationBounds = {
  maxTurns: { min: 1, max: 50 },
  trials: { min: 1, max: 100 },
} as const;

const text = z.string({ error: "must be a string" }).trim().min(1, "must not be empty").optional();

const wholeNumber = ({ min, max }: { min: number; max: number }) =>
  z
    .number({ error: "must be a number" })
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be from ${min} to ${max}`)
    .max(max, `must be from ${min} to ${max}`)
    .optional();

// 0 would be a pass that cannot fail: a bar is above 0 and at most 1.
const fraction = z
  .number({ error: "must be a number above 0, at most 1" })
  .gt(0, "must be above 0 (0 is a pass that cannot fail), at most 1")
  .max(1, "must be above 0, at most 1")
  .optional();

/** A test's `config` (docs/test-files.md, "Configuration"); `{{secrets.NAME}}` works in any string. */
export const configSchema = z
  .object({
    agent_url: httpUrl.describe("the agent's base URL or card URL (http or https)"),
    headers: z.record(z.string(), z.string({ error: "must be a string" })).default({}),
    strict_card: z.boolean({ error: "must be true or false" }).default(true),
    timeout_s: z
      .number({ error: "must be a number" })
      .int("must be a whole number of seconds")
      .min(timeoutBounds.min, `must be from ${timeoutBounds.min} to ${timeoutBounds.max}`)
      .max(timeoutBounds.max, `must be from ${timeoutBounds.min} to ${timeoutBounds.max}`)
      .default(timeoutBounds.default),
    smoke_message: z.string().min(1, "must not be empty").optional(),
    /** The binding the smoke message and conversations go over (default the endpoint's, else jsonrpc). */
    transport: z.enum(["jsonrpc", "rest", "grpc"], { error: "must be jsonrpc, rest or grpc" }).optional(),
    /** URL[@binding]: the interface to test whatever the card says, or without a card. */
    endpoint: z
      .string({ error: "must be a string" })
      .refine((v) => typeof parseEndpointOverride(v) !== "string", {
        error: "must be an http(s) URL, optionally followed by @jsonrpc, @rest or @grpc",
      })
      .optional(),
    persona: text,
    goal: text,
    success_criteria: z
      .array(z.string({ error: "must be a string" }).trim().min(1, "must not be empty"), {
        error: "must be a list of strings",
      })
      .min(1, "must list at least one criterion")
      .optional(),
    opening_message: text,
    max_turns: wholeNumber(conversationBounds.maxTurns),
    threshold: fraction,
    trials: wholeNumber(conversationBounds.trials),
    min_pass_rate: fraction,
    /** Conformance: messages that make the agent ask back or keep working (--hint). */
    hints: z
      .object(
        { "input-required": z.string().min(1).optional(), slow: z.string().min(1).optional() },
        { error: "must be an object" },
      )
      .strict()
      .optional(),
    /** Conformance: which bindings, categories and levels to run, and an interop peer. */
    transports: z
      .array(z.enum(transportFlags, { error: "must list jsonrpc, rest or grpc" }))
      .min(1)
      .optional(),
    categories: z
      .array(
        z
          .enum([...checkCategories, ...Object.keys(categoryAliases)] as [string, ...string[]], {
            error: `must list known categories (${checkCategories.join(", ")})`,
          })
          // Old long names (error-handling...) still load; the run and its report use the id prefixes.
          .transform((name) => categoryAliases[name] ?? (name as CheckCategory)),
      )
      .min(1)
      .optional(),
    levels: z
      .array(z.enum(checkLevels, { error: "must list MUST, SHOULD or MAY" }))
      .min(1)
      .optional(),
    peer_url: z
      .string()
      .url("must be a URL")
      .optional()
      .describe("conformance: a second agent for the interop checks"),
    /** Load tests: concurrency, duration or requests, rate, ramp, stream, message, thresholds (docs/load.md). */
    load: loadConfigSchema.optional(),
    /** Red team: which packs, how many attempts per attack, canaries to detect, other identities. */
    packs: z
      .array(z.enum(redteamPacks, { error: `must list known packs (${redteamPacks.join(", ")})` }))
      .min(1, "must list at least one pack")
      .optional(),
    attempts: wholeNumber({ min: 1, max: 100 }),
    canaries: z
      .array(z.string().min(3, "must be at least 3 characters"), { error: "must be a list of strings" })
      .optional(),
    /** Red team (cross-context pack) and conformance (task-scope checks): other callers of the agent. */
    identities: z
      .array(
        z.object(
          { name: z.string().min(1), headers: z.record(z.string(), z.string()) },
          { error: 'must be {"name", "headers"}' },
        ),
        { error: "must be a list of identities" },
      )
      .optional(),
  })
  .loose();

/** A test definition exactly as the examples of docs/test-files.md write it. */
export const testSchema = z
  .object({
    module_id: z.string().optional(),
    name: z.string({ error: "is required (a string)" }).min(1, "must not be empty"),
    kind: z.enum(["a2a", "conversation", "conformance", "load", "redteam"], {
      error: 'must be "a2a", "conversation", "conformance", "load" or "redteam"',
    }),
    /** Conversation tests name their agent as a target (docs/test-files.md, "A2A as a target elsewhere"). */
    target: a2aTargetSchema.optional(),
    natural_language: z.string().optional(),
    config: configSchema,
  })
  .loose();

export type A2ATestConfig = z.infer<typeof configSchema>;
export type A2ATestDefinition = z.infer<typeof testSchema>;

/** A definition read from a file, with where it came from and what to tell its author. */
export interface LoadedTest {
  source: string;
  definition: A2ATestDefinition;
  warnings: string[];
  /** The agent is only a target: its card finds the endpoint and is not validated. */
  targetOnly?: boolean;
}

const knownTop = new Set(Object.keys(testSchema.shape));
const knownConfig = new Set(Object.keys(configSchema.shape));

function describeValue(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = root;
  for (const key of path)
    at = typeof at === "object" && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  return at;
}

/**
 * A conversation test's `target` supplies the agent URL and headers; the card then only finds the
 * endpoint and is not validated (docs/test-files.md, "A2A as a target elsewhere").
 */
function withTarget(raw: unknown, source: string): unknown {
  const kind = valueAt(raw, ["kind"]);
  if (kind !== "conversation" && kind !== "redteam") return raw;
  // A red-team test may name its agent in config.agent_url instead.
  if (kind === "redteam" && valueAt(raw, ["target"]) === undefined) return raw;
  const target = a2aTargetSchema.safeParse(valueAt(raw, ["target"]));
  if (!target.success) {
    throw configError(
      `${source}: target must be {"type": "a2a", "agent_url": "..."} for a ${kind} test`,
      "target",
    );
  }
  const config = (valueAt(raw, ["config"]) ?? {}) as Record<string, unknown>;
  const headers = { ...target.data.headers, ...(config.headers as Record<string, string> | undefined) };
  return {
    ...(raw as object),
    config: { ...config, agent_url: target.data.agent_url, headers, strict_card: false },
  };
}

/** One thing wrong with a test definition: the field (dotted path) and a sentence saying what is wrong. */
interface Problem {
  field: string;
  message: string;
}

function schemaProblems(raw: unknown, issues: readonly z.core.$ZodIssue[]): Problem[] {
  return issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join(".") : "(the test)";
    const got = valueAt(raw, issue.path);
    const suffix = got === undefined ? "" : `, got ${describeValue(got)}`;
    return { field, message: `${field} ${issue.message}${suffix}` };
  });
}

/** Unknown keys at the top and in config, each with the known key it most likely meant. */
function unknownKeyProblems(raw: unknown): Problem[] {
  const problems: Problem[] = [];
  const check = (
    object: unknown,
    prefix: string,
    known: Set<string>,
    other: Set<string>,
    otherPrefix: string,
  ) => {
    if (typeof object !== "object" || object === null || Array.isArray(object)) return;
    for (const key of Object.keys(object)) {
      if (known.has(key)) continue;
      const near = closestName(key, known);
      const hint = near
        ? `; did you mean "${prefix}${near}"?`
        : other.has(key)
          ? `; it belongs ${otherPrefix ? `under "${otherPrefix.slice(0, -1)}"` : "at the top level"}`
          : `; known keys: ${[...known].join(", ")}`;
      problems.push({ field: `${prefix}${key}`, message: `${prefix}${key} is not a known key${hint}` });
    }
  };
  check(raw, "", knownTop, knownConfig, "config.");
  check(valueAt(raw, ["config"]), "config.", knownConfig, knownTop, "");
  return problems;
}

function problemsError(source: string, problems: readonly Problem[]) {
  const message =
    problems.length === 1
      ? `${source}: ${problems[0]!.message}`
      : `${source}: ${problems.length} problems:\n${problems.map((p) => `  - ${p.message}`).join("\n")}`;
  return configError(message, problems[0]?.field);
}

/** Validates one parsed definition; throws a config error listing every field that breaks a rule. */
export function parseTestDefinition(input: unknown, source: string): LoadedTest {
  const raw = withTarget(input, source);
  const config = valueAt(raw, ["config"]) as Record<string, unknown> | undefined;
  const asksConversation = ["persona", "goal", "success_criteria"].some((k) => config?.[k] !== undefined);
  const noAgent = asksConversation && (config?.agent_url === undefined || config.agent_url === "");
  const parsed = testSchema.safeParse(raw);
  const problems: Problem[] = [
    ...(noAgent
      ? [
          {
            field: "config.agent_url",
            message:
              "config.agent_url is required: a conversation (persona, goal, success_criteria) needs an agent to talk to",
          },
        ]
      : []),
    ...schemaProblems(raw, parsed.success ? [] : parsed.error.issues).filter(
      (p) => !(noAgent && p.field === "config.agent_url"),
    ),
    ...unknownKeyProblems(raw),
  ];
  if (parsed.success && parsed.data.kind === "conversation" && !isConversation(parsed.data.config))
    problems.push({
      field: "config",
      message: "a conversation test needs config.persona, config.goal or config.success_criteria",
    });
  if (problems.length > 0 || !parsed.success) throw problemsError(source, problems);
  const kind = parsed.data.kind;
  return {
    source,
    definition: parsed.data,
    warnings: [],
    targetOnly: kind === "conversation" || kind === "redteam",
  };
}

/** Whether the config asks for a conversation (docs/test-files.md: any of persona, goal or success_criteria). */
export function isConversation(config: A2ATestConfig): boolean {
  return config.persona !== undefined || config.goal !== undefined || config.success_criteria !== undefined;
}

/** A file to read, and whether it was found by walking a folder rather than named. */
interface FoundFile {
  file: string;
  walked: boolean;
}

async function filesUnder(path: string, walked = false): Promise<FoundFile[]> {
  const info = await stat(path).catch((cause: unknown) => {
    throw configError(`${path}: cannot read (${(cause as Error).message})`);
  });
  if (!info.isDirectory()) return [{ file: path, walked }];
  const entries = await readdir(path, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // Dependencies and hidden folders hold no tests of the user's.
      .filter((e) =>
        e.isDirectory() ? e.name !== "node_modules" && !e.name.startsWith(".") : e.name.endsWith(".json"),
      )
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((e) => filesUnder(join(path, e.name), true)),
  );
  return nested.flat();
}

/** Whether a file's text is Plainwright's own output (a result or a list of results), not a test. */
function isPlainwrightOutput(text: string): boolean {
  const json = parseJsonText(text);
  if (!json.ok) return false;
  const first: unknown = Array.isArray(json.value) ? json.value[0] : json.value;
  const tool =
    typeof first === "object" && first !== null ? (first as { tool?: { name?: unknown } }).tool : undefined;
  return tool?.name === "plainwright";
}

/** A test file that could not be used, and every reason why. */
export interface InvalidTestFile {
  source: string;
  message: string;
}

/** The tests in one file's text: one definition or a non-empty array of them. Throws listing every problem. */
export function parseTestFile(text: string, file: string): LoadedTest[] {
  if (text.trim() === "")
    throw configError(`${file}: the file is empty; it must hold a test definition (a JSON object)`);
  const json = parseJsonText(text);
  if (!json.ok) throw configError(`${file}: not valid JSON at ${describeJsonProblem(json.problem)}`);
  const raw = json.value;
  if (Array.isArray(raw) && raw.length === 0)
    throw configError(`${file}: the array is empty; it must hold at least one test definition`);
  const items = Array.isArray(raw) ? raw : [raw];
  const loaded: LoadedTest[] = [];
  const errors: string[] = [];
  items.forEach((item, i) => {
    try {
      loaded.push(parseTestDefinition(item, Array.isArray(raw) ? `${file}[${i}]` : file));
    } catch (error) {
      if (!(error instanceof PlainwrightError)) throw error;
      errors.push(error.message);
    }
  });
  if (errors.length > 0) throw configError(errors.join("\n"));
  return loaded;
}

/** Reads every test file under the given paths: the valid tests, and each invalid file with its problems. */
export async function readTestFiles(
  paths: readonly string[],
): Promise<{ tests: LoadedTest[]; invalid: InvalidTestFile[] }> {
  const files = (await Promise.all(paths.map((p) => filesUnder(p)))).flat();
  if (files.length === 0) throw configError(`no .json test files found in ${paths.join(", ")}`);
  const tests: LoadedTest[] = [];
  const invalid: InvalidTestFile[] = [];
  for (const { file, walked } of files) {
    try {
      const text = await readFile(file, "utf8");
      // A folder often holds the reports of earlier runs: they are read past, never taken for tests.
      if (walked && isPlainwrightOutput(text)) continue;
      tests.push(...parseTestFile(text, file));
    } catch (error) {
      if (!(error instanceof PlainwrightError)) throw error;
      invalid.push({ source: file, message: error.message });
    }
  }
  if (tests.length === 0 && invalid.length === 0)
    throw configError(`no test files found in ${paths.join(", ")}: only Plainwright's own reports`);
  return { tests, invalid };
}

/** Loads every test in the given files and folders; throws listing every invalid file. */
export async function loadTestFiles(paths: readonly string[]): Promise<LoadedTest[]> {
  const { tests, invalid } = await readTestFiles(paths);
  if (invalid.length > 0) throw configError(invalid.map((f) => f.message).join("\n"));
  return tests;
}
