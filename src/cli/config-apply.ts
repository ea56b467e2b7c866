import type { Command } from "commander";
import { usageError } from "../runner/errors.js";
import type { ConfigSettings, LoadedConfig } from "./config-file.js";
import { findConfigFile } from "./config-find.js";

/** The config in force: the named file, or the nearest one found; the reader loads only when there is one. */
export async function configFor(opts: {
  cwd: string;
  file?: string | undefined;
  project?: string | undefined;
}): Promise<LoadedConfig | undefined> {
  const file = opts.file ?? (await findConfigFile(opts.cwd));
  if (file === undefined && opts.project === undefined) return undefined;
  const { loadConfig } = await import("./config-file.js");
  return loadConfig({
    cwd: opts.cwd,
    ...(file !== undefined ? { file } : {}),
    ...(opts.project !== undefined ? { project: opts.project } : {}),
  });
}

/**
 * How a config setting reaches a command: the option it fills, as if it had been typed. Flags beat the
 * file (an option given on the command line keeps its value), the file beats defaults; an environment
 * variable that the command reads for the same thing beats the file too (docs/config.md "Precedence").
 */
interface SettingOption {
  /** Dotted setting, as `plainwright config` names it. */
  setting: string;
  /** The commander attribute the setting fills. */
  option: string;
  /** Only these commands read it (elsewhere an option of the same name means something else). */
  commands?: readonly string[];
  /** An environment variable the command reads instead of the option; when set, the file yields to it. */
  env?: string;
  /** Repeatable options: the file's values come first, the command line's are added (a later header wins). */
  merge?: true;
  value: (s: ConfigSettings) => string | string[] | undefined;
}

const secret = (name: string) => `{{secrets.${name}}}`;
const list = (values: readonly string[] | undefined) => values?.join(",");

export const settingOptions: readonly SettingOption[] = [
  {
    setting: "headers",
    option: "header",
    merge: true,
    value: (s) => s.headers && Object.entries(s.headers).map(([name, value]) => `${name}: ${value}`),
  },
  {
    setting: "credentials.bearer",
    option: "bearer",
    value: (s) => s.credentials?.bearer && secret(s.credentials.bearer.secret),
  },
  {
    setting: "credentials.basic",
    option: "basic",
    value: (s) =>
      s.credentials?.basic && `${s.credentials.basic.username}:${secret(s.credentials.basic.secret)}`,
  },
  {
    setting: "credentials.api_key",
    option: "apiKey",
    merge: true,
    value: (s) =>
      s.credentials?.api_key && [`${s.credentials.api_key.header}=${secret(s.credentials.api_key.secret)}`],
  },
  { setting: "secrets", option: "secrets", value: (s) => s.secrets },
  { setting: "models.model", option: "model", env: "PLAINWRIGHT_MODEL", value: (s) => s.models?.model },
  {
    setting: "models.user",
    option: "userModel",
    env: "PLAINWRIGHT_USER_MODEL",
    value: (s) => s.models?.user,
  },
  {
    setting: "models.judge",
    option: "judgeModel",
    env: "PLAINWRIGHT_JUDGE_MODEL",
    value: (s) => s.models?.judge,
  },
  { setting: "reporters", option: "report", value: (s) => list(s.reporters) },
  { setting: "output_dir", option: "outDir", value: (s) => s.output_dir },
  { setting: "keep_reports", option: "keepReports", value: (s) => s.keep_reports?.toString() },
  { setting: "timeout_s", option: "timeout", value: (s) => s.timeout_s?.toString() },
  {
    setting: "conformance.levels",
    option: "level",
    commands: ["conform"],
    value: (s) => list(s.conformance?.levels),
  },
  {
    setting: "conformance.categories",
    option: "category",
    commands: ["conform"],
    value: (s) => list(s.conformance?.categories),
  },
  {
    setting: "conformance.transports",
    option: "transport",
    commands: ["conform"],
    value: (s) => list(s.conformance?.transports),
  },
  {
    setting: "conformance.concurrency",
    option: "concurrency",
    commands: ["conform"],
    value: (s) => s.conformance?.concurrency?.toString(),
  },
  { setting: "redteam.packs", option: "packs", commands: ["redteam"], value: (s) => list(s.redteam?.packs) },
  {
    setting: "redteam.attempts",
    option: "attempts",
    commands: ["redteam"],
    value: (s) => s.redteam?.attempts?.toString(),
  },
];

/** The commands whose first argument is the agent's URL, and whether they cannot do without one. */
const urlCommands: Readonly<Record<string, "required" | "optional">> = {
  card: "required",
  smoke: "required",
  chat: "required",
  converse: "required",
  load: "required",
  conform: "optional",
  redteam: "optional",
};

/** Marks, in a command's options, that --out-dir came from the file (it then needs no --report). */
export const outDirFromConfig = "outDirFromConfig";

/**
 * Lays the config over a command about to run: each setting fills its option unless the command line
 * gave it; `agent_url` fills a missing URL argument and `tests` a missing `run` path. Without a config, a
 * command that needs a URL or a path is refused here with where it could have come from.
 */
export function applyConfig(
  command: Command,
  config: LoadedConfig | undefined,
  env: Record<string, string | undefined> = process.env,
): void {
  const name = command.name();
  const settings = config?.settings ?? {};
  for (const entry of settingOptions) {
    if (entry.commands && !entry.commands.includes(name)) continue;
    if (!command.options.some((o) => o.attributeName() === entry.option)) continue;
    const value = entry.value(settings);
    if (value === undefined) continue;
    if (entry.env && env[entry.env]?.trim()) continue;
    const typed = command.getOptionValueSource(entry.option) === "cli";
    if (typed && !entry.merge) continue;
    const current = command.getOptionValue(entry.option) as string[] | undefined;
    const merged = typed && Array.isArray(value) ? [...value, ...(current ?? [])] : value;
    command.setOptionValueWithSource(entry.option, merged, typed ? "cli" : "config");
    if (entry.option === "outDir") command.setOptionValue(outDirFromConfig, true);
  }
  const args = command.processedArgs as unknown[];
  const where = config ? `agent_url in ${config.file}` : "agent_url in plainwright.config.json";
  const urlRule = urlCommands[name];
  if (urlRule && (args[0] === undefined || args[0] === "")) {
    if (settings.agent_url !== undefined) args[0] = settings.agent_url;
    else if (urlRule === "required")
      throw usageError(`${name} needs the agent's URL: give it as the first argument, or set ${where}`);
  }
  if (name === "run" && (!Array.isArray(args[0]) || args[0].length === 0)) {
    const tests = settings.tests;
    if (tests === undefined)
      throw usageError(
        `run needs test files or folders: name them, or set tests in ${config ? config.file : "plainwright.config.json"}`,
      );
    args[0] = Array.isArray(tests) ? tests : [tests];
  }
}
