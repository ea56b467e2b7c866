import { conformanceDefaults, redteamDefaults } from "../model/limits.js";
import { terminalText } from "../report/terminal-text.js";
import { timeoutBounds } from "../runner/timeout-bounds.js";
import { configFor } from "./config-apply.js";
import { configFileNames } from "./config-find.js";
import { defaultKeptRuns } from "./report-folders.js";
import type { ConfigSettings, LoadedConfig } from "./config-file.js";

/** One line of `plainwright config`: a setting, its value as shown (secrets redacted) and where it came from. */
interface ResolvedSetting {
  setting: string;
  value: unknown;
  from: string;
}

const secretTemplate = /^\{\{secrets\.[A-Za-z_][A-Za-z0-9_]*\}\}$/;

/** A header's value is shown only when it is a {{secrets.NAME}} reference: anything else may be a credential. */
const shownHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, secretTemplate.test(value) ? value : "[redacted]"]),
  );

/** What applies when neither a flag nor the file says otherwise. */
const defaults: ReadonlyArray<[string, unknown]> = [
  ["tests", "(none: run names its files)"],
  ["agent_url", "(none: each command names its agent)"],
  ["reporters", "(none: console only)"],
  ["output_dir", "reports"],
  ["keep_reports", defaultKeptRuns],
  ["timeout_s", timeoutBounds.default],
  ["conformance.levels", "must, should, may"],
  ["conformance.categories", "all"],
  ["conformance.transports", "every binding the card advertises"],
  ["conformance.concurrency", conformanceDefaults.concurrency],
  ["redteam.packs", "all"],
  ["redteam.attempts", redteamDefaults.attempts],
];

const environment: Readonly<Record<string, string>> = {
  "models.model": "PLAINWRIGHT_MODEL",
  "models.user": "PLAINWRIGHT_USER_MODEL",
  "models.judge": "PLAINWRIGHT_JUDGE_MODEL",
};

/** Every setting in force, flattened one level (conformance.levels, credentials.bearer), with its source. */
export function resolvedSettings(
  config: LoadedConfig | undefined,
  env: Record<string, string | undefined> = process.env,
): ResolvedSetting[] {
  const settings: ConfigSettings = config?.settings ?? {};
  const rows = new Map<string, ResolvedSetting>();
  for (const [setting, value] of defaults) rows.set(setting, { setting, value, from: "default" });
  for (const [key, value] of Object.entries(settings)) {
    const from = config?.sources[key as keyof ConfigSettings] ?? "config";
    const shown = key === "headers" ? shownHeaders(value as Record<string, string>) : value;
    const nested =
      typeof shown === "object" && shown !== null && !Array.isArray(shown) && key !== "headers"
        ? Object.entries(shown)
        : [["", shown] as const];
    for (const [inner, v] of nested) {
      const setting = inner ? `${key}.${inner}` : key;
      rows.set(setting, { setting, value: v, from });
    }
  }
  for (const [setting, name] of Object.entries(environment)) {
    const value = env[name]?.trim();
    if (value) rows.set(setting, { setting, value, from: `${name} (environment)` });
  }
  return [...rows.values()];
}

function shownValue(value: unknown): string {
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "object" && value !== null)
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
      .join("; ");
  return String(value);
}

/** `plainwright config`: the config in force, with secrets redacted and where each value came from. */
export async function runConfigCommand(flags: {
  config?: string;
  project?: string;
  json?: boolean;
}): Promise<number> {
  const config = await configFor({ cwd: process.cwd(), file: flags.config, project: flags.project });
  const rows = resolvedSettings(config);
  if (flags.json) {
    process.stdout.write(
      `${JSON.stringify({ file: config?.file ?? null, project: config?.project ?? null, settings: rows }, null, 2)}\n`,
    );
    return 0;
  }
  const head = config
    ? `config file: ${config.file}${config.project ? ` (project ${config.project})` : ""}`
    : `config file: none (looked for ${configFileNames.join(", ")} in ${process.cwd()} and the folders above)`;
  const width = Math.max(...rows.map((r) => r.setting.length));
  const valueWidth = Math.min(48, Math.max(...rows.map((r) => shownValue(r.value).length)));
  const lines = rows.map(
    (r) => `  ${r.setting.padEnd(width)}  ${shownValue(r.value).padEnd(valueWidth)}  ${r.from}`,
  );
  process.stdout.write(
    `${terminalText(head)}\n${terminalText(lines.join("\n"))}\nFlags beat the file; the file beats the defaults.\n`,
  );
  return 0;
}
