import { readFile } from "node:fs/promises";
import { basename, dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { checkCategories } from "../model/finding.js";
import { redteamPacks } from "../model/redteam.js";
import { configError } from "../runner/errors.js";
import { closestName } from "../runner/did-you-mean.js";
import {
  describeJsonProblem,
  describeValue,
  locateJsonField,
  parseJsonText,
  valueAt,
} from "../runner/json-text.js";
import { timeoutBounds } from "../runner/timeout-bounds.js";
import { fileReporters } from "../report/file-reporters.js";
import { configFileNames, findConfigFile, isFile } from "./config-find.js";

const secretName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be a secret's NAME (letters, digits, _), never the secret itself");
const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "must be an HTTP header name");
const httpUrl = z
  .string()
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), "must be an http or https URL");
const modelSpec = z
  .string()
  .regex(/^[\w.-]+:.+$/, 'must be "provider:model", e.g. "anthropic:claude-sonnet-4-5"');
const nonEmpty = z.string().min(1, "must not be empty");

/** Each setting a config file (or one of its projects) may hold. */
const settingsShape = {
  tests: z.union([nonEmpty, z.array(nonEmpty).min(1, "must list at least one folder or file")]).optional(),
  agent_url: httpUrl.optional(),
  headers: z.record(headerName, z.string()).optional(),
  credentials: z
    .strictObject({
      bearer: z.strictObject({ secret: secretName }).optional(),
      basic: z.strictObject({ username: nonEmpty, secret: secretName }).optional(),
      api_key: z.strictObject({ header: headerName, secret: secretName }).optional(),
    })
    .refine((c) => !(c.bearer && c.basic), "bearer and basic both set Authorization; give one")
    .optional(),
  secrets: nonEmpty.optional(),
  models: z.strictObject({ model: modelSpec, user: modelSpec, judge: modelSpec }).partial().optional(),
  reporters: z.array(z.enum(Object.keys(fileReporters) as [string, ...string[]])).optional(),
  output_dir: nonEmpty.optional(),
  keep_reports: z.number().int("must be a whole number").min(0).max(100_000).optional(),
  timeout_s: z
    .number()
    .int("must be a whole number of seconds")
    .min(timeoutBounds.min, `must be from ${timeoutBounds.min} to ${timeoutBounds.max}`)
    .max(timeoutBounds.max, `must be from ${timeoutBounds.min} to ${timeoutBounds.max}`)
    .optional(),
  conformance: z
    .strictObject({
      levels: z.array(z.enum(["must", "should", "may"])).min(1),
      categories: z.array(z.enum(checkCategories)).min(1),
      transports: z.array(z.enum(["jsonrpc", "rest", "grpc"])).min(1),
      concurrency: z.number().int().min(1).max(32),
    })
    .partial()
    .optional(),
  redteam: z
    .strictObject({
      packs: z.array(z.enum(redteamPacks)).min(1),
      attempts: z.number().int().min(1).max(100),
    })
    .partial()
    .optional(),
};

const settingsSchema = z.object(settingsShape);
const configSchema = z.object({
  ...settingsShape,
  projects: z.record(z.string().regex(/^[\w.-]+$/, "must be a project name"), settingsSchema).optional(),
});

/** What one config file, or one of its projects, sets. */
export type ConfigSettings = z.infer<typeof settingsSchema>;
/** A whole config file: its settings and its named projects (`--project NAME` lays one over the rest). */
export type PlainwrightConfig = z.infer<typeof configSchema>;

/** The settings in force, and for each top-level setting where it came from. */
export interface LoadedConfig {
  file: string;
  project?: string;
  settings: ConfigSettings;
  sources: Partial<Record<keyof ConfigSettings, string>>;
}

/** A problem in the file: the dotted field, the sentence, and where it is written (JSON files). */
interface Problem {
  path: (string | number)[];
  message: string;
}

const knownKeys = (shape: object): Set<string> => new Set(Object.keys(shape));
const nested: Record<string, Set<string>> = {
  credentials: new Set(["bearer", "basic", "api_key"]),
  models: new Set(["model", "user", "judge"]),
  conformance: new Set(["levels", "categories", "transports", "concurrency"]),
  redteam: new Set(["packs", "attempts"]),
};

/** Unknown keys anywhere a key is named by us (not inside headers or projects' names), with a did-you-mean. */
function unknownKeys(value: unknown, at: (string | number)[], known: Set<string>): Problem[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  const problems: Problem[] = [];
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (!known.has(key)) {
      const near = closestName(key, known);
      problems.push({
        path: [...at, key],
        message: `is not a known key${near ? `; did you mean "${near}"?` : `; known keys: ${[...known].join(", ")}`}`,
      });
      continue;
    }
    if (key === "projects" && typeof inner === "object" && inner !== null)
      for (const [name, project] of Object.entries(inner as Record<string, unknown>))
        problems.push(...unknownKeys(project, [...at, key, name], knownKeys(settingsShape)));
    else if (nested[key]) problems.push(...unknownKeys(inner, [...at, key], nested[key]));
  }
  return problems;
}

const dotted = (path: readonly (string | number)[]) => (path.length > 0 ? path.join(".") : "(the config)");

/** Every problem of the file at once, each with its line and column when the file is JSON. */
function validate(raw: unknown, file: string, text: string | undefined): PlainwrightConfig {
  const parsed = configSchema.safeParse(raw);
  const problems: Problem[] = [
    ...unknownKeys(raw, [], knownKeys({ ...settingsShape, projects: true })),
    ...(parsed.success
      ? []
      : parsed.error.issues
          // Unknown keys are said once, with a did-you-mean, by unknownKeys.
          .filter((i) => i.code !== "unrecognized_keys")
          .map((i) => {
            const path = i.path as (string | number)[];
            const got = valueAt(raw, path);
            // A header's value may be a credential: its problem is said, the value never echoed.
            const quoted = got === undefined || path.includes("headers") ? "" : `, got ${describeValue(got)}`;
            return { path, message: `${i.message}${quoted}` };
          })),
  ];
  if (problems.length === 0 && parsed.success) return parsed.data;
  const placed = problems.map((p) => ({
    ...p,
    where: text !== undefined ? locateJsonField(text, p.path) : undefined,
  }));
  // In the order they are written, as an editor lists them.
  placed.sort(
    (a, b) => (a.where?.line ?? 0) - (b.where?.line ?? 0) || (a.where?.column ?? 0) - (b.where?.column ?? 0),
  );
  const lines = placed.map(({ path, message, where }) => {
    const place = where ? `${file}:${where.line}:${where.column}` : file;
    return `${place}: ${dotted(path)} ${message}`;
  });
  throw configError(
    lines.length === 1
      ? lines[0]!
      : `${file}: ${lines.length} problems:\n${lines.map((l) => `  - ${l}`).join("\n")}`,
  );
}

/** Reads a config file: JSON as text; .mjs and .ts by importing their default export (a .ts through jiti). */
async function readRaw(file: string): Promise<{ raw: unknown; text?: string }> {
  if (file.endsWith(".json")) {
    const text = await readFile(file, "utf8").catch((cause: unknown) => {
      throw configError(`${file}: cannot read (${(cause as Error).message})`);
    });
    const json = parseJsonText(text);
    if (!json.ok) throw configError(`${file}: not valid JSON at ${describeJsonProblem(json.problem)}`);
    return { raw: json.value, text };
  }
  if (!file.endsWith(".mjs") && !file.endsWith(".js") && !file.endsWith(".ts"))
    throw configError(`${file}: a config file is .json, .mjs or .ts (${configFileNames.join(", ")})`);
  let module: { default?: unknown };
  try {
    if (file.endsWith(".ts")) {
      // Node 20 cannot import TypeScript; jiti strips the types. Loaded only for a .ts config.
      const { createJiti } = await import("jiti");
      module = await createJiti(import.meta.url, { moduleCache: false }).import<{ default?: unknown }>(file);
    } else module = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (cause) {
    throw configError(`${file}: could not be loaded: ${(cause as Error).message}`);
  }
  if (module.default === undefined)
    throw configError(
      `${file}: must export the config as its default (export default defineConfig({ ... }))`,
    );
  return { raw: module.default };
}

/** Resolves a path setting against the config file's folder, as Playwright and Vitest do. */
function anchored(settings: ConfigSettings, base: string): ConfigSettings {
  const at = (p: string) => resolve(base, p);
  return {
    ...settings,
    ...(settings.tests !== undefined
      ? { tests: Array.isArray(settings.tests) ? settings.tests.map(at) : at(settings.tests) }
      : {}),
    ...(settings.secrets !== undefined ? { secrets: at(settings.secrets) } : {}),
    ...(settings.output_dir !== undefined ? { output_dir: at(settings.output_dir) } : {}),
  };
}

/**
 * Loads the config: `file` when named (--config), else the nearest one from `cwd` up. A `project` lays
 * its settings over the file's (a project's key replaces the file's whole key). Undefined when there is
 * no file and none was named; a named project the file lacks is an error naming the ones it has.
 */
export async function loadConfig(opts: {
  cwd: string;
  file?: string;
  project?: string;
}): Promise<LoadedConfig | undefined> {
  const file = opts.file !== undefined ? resolve(opts.cwd, opts.file) : await findConfigFile(opts.cwd);
  if (file === undefined) {
    if (opts.project !== undefined)
      throw configError(
        `--project ${opts.project}: no config file (${configFileNames[0]}) in ${opts.cwd} or a folder above it`,
      );
    return undefined;
  }
  if (opts.file !== undefined && !(await isFile(file)))
    throw configError(`--config ${opts.file}: no such file`);
  const { raw, text } = await readRaw(file);
  const config = validate(raw, file, text);
  const { projects, ...base } = config;
  const name = basename(file);
  const sources: LoadedConfig["sources"] = {};
  for (const key of Object.keys(base)) sources[key as keyof ConfigSettings] = name;
  let settings: ConfigSettings = base;
  if (opts.project !== undefined) {
    const project = projects?.[opts.project];
    if (!project) {
      const names = Object.keys(projects ?? {});
      throw configError(
        `--project ${opts.project}: ${file} has ${names.length > 0 ? `only the projects ${names.join(", ")}` : "no projects"}`,
      );
    }
    settings = { ...base, ...project };
    for (const key of Object.keys(project))
      sources[key as keyof ConfigSettings] = `${name} › projects.${opts.project}`;
  }
  return {
    file,
    ...(opts.project !== undefined ? { project: opts.project } : {}),
    settings: anchored(settings, dirname(file)),
    sources,
  };
}
