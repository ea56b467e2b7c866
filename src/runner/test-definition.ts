import { readFile, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { a2aTargetSchema } from "../conversation/target.js";
import { closestName } from "./did-you-mean.js";
import { configError, PlainwrightError } from "./errors.js";
import { describeJsonProblem, describeValue, parseJsonText, valueAt } from "./json-text.js";
import { connectionShape } from "./kinds/config-parts.js";
import type { RunKindName } from "./kinds/index.js";
import { kindOptions } from "./kinds/options.js";
import { isConversation } from "./kinds/conversation.js";

/** The test-file kinds and the run kind each names; "a2a" is a smoke test, or a conversation when it has one. */
export const testKinds = ["a2a", "card", "smoke", "conversation", "conformance", "load", "redteam"] as const;
export type TestKind = (typeof testKinds)[number];

/** The config keys a test of each kind may hold: the connection keys and its run kinds' own. */
function kindKeys(kind: TestKind): Set<string> {
  const kinds: RunKindName[] = kind === "a2a" ? ["smoke", "conversation"] : [kind];
  return new Set([
    ...Object.keys(connectionShape),
    ...kinds.flatMap((k) => Object.keys(kindOptions[k].shape)),
  ]);
}

/** A test's `config` (docs/test-files.md, "Configuration"): the connection keys and every kind's own; `{{secrets.NAME}}` works in any string. */
export const configSchema = z
  .object({
    ...connectionShape,
    ...Object.assign({}, ...Object.values(kindOptions).map((o) => o.shape)),
  } as typeof connectionShape &
    typeof kindOptions.smoke.shape &
    typeof kindOptions.conversation.shape &
    typeof kindOptions.conformance.shape &
    typeof kindOptions.redteam.shape &
    typeof kindOptions.load.shape)
  .loose();

/** A test definition exactly as the examples of docs/test-files.md write it. */
export const testSchema = z
  .object({
    module_id: z.string().optional(),
    name: z.string({ error: "is required (a string)" }).min(1, "must not be empty"),
    kind: z.enum(testKinds, {
      error: `must be ${testKinds
        .map((k) => `"${k}"`)
        .join(", ")
        .replace(/, ([^,]+)$/, " or $1")}`,
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
  /** Built from command-line flags: the result has no name or file, and a usage error ends the command. */
  fromFlags?: boolean;
}

const knownTop = new Set(Object.keys(testSchema.shape));
const knownConfig = new Set(Object.keys(configSchema.shape));

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
    // A header's value may be a credential: its problem is said, the value never echoed.
    const secret = issue.path.includes("headers");
    const said = /, got /.test(issue.message);
    const suffix = got === undefined || secret || said ? "" : `, got ${describeValue(got)}`;
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

/**
 * Config keys another kind reads but this test's kind does not: an option that would do nothing is
 * named, as the command line refuses one, rather than silently ignored.
 */
function foreignKeyProblems(raw: unknown, kind: TestKind): Problem[] {
  const config = valueAt(raw, ["config"]);
  if (typeof config !== "object" || config === null || Array.isArray(config)) return [];
  const allowed = kindKeys(kind);
  return Object.keys(config)
    .filter((key) => knownConfig.has(key) && !allowed.has(key))
    .map((key) => {
      const owners = (Object.keys(kindOptions) as RunKindName[]).filter((k) => key in kindOptions[k].shape);
      return {
        field: `config.${key}`,
        message: `config.${key} is read by ${owners.join(" and ")} tests; a test of kind "${kind}" would ignore it`,
      };
    });
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
    ...(parsed.success ? foreignKeyProblems(raw, parsed.data.kind) : []),
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
