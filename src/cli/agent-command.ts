import { listFlaws, listVulnModes, startReferenceAgent, type AgentProtocol } from "../agent/index.js";
import { configError, usageError } from "../runner/errors.js";

export interface AgentFlags {
  port?: string;
  host?: string;
  protocol?: string;
  flaw?: string;
  listFlaws?: boolean;
  /**
   * Require Authorization: Bearer TOKEN on the task endpoints (the card declares the scheme); repeated,
   * one token per caller, each seeing only its own tasks.
   */
  bearerToken?: string[];
  /** Mark an extension required in the card and refuse requests that do not activate it. */
  requiredExtension?: boolean;
  /** Claim and serve an extended agent card behind the bearer token (A2A 1.0 only; needs --bearer-token). */
  extendedCard?: boolean;
  vuln?: string;
  listVuln?: boolean;
  /** False with --no-sign-card: the card is served unsigned. */
  signCard?: boolean;
}

/** The vulnerable modes, each with the pack that must flag it. */
export function renderVulnList(): string {
  const modes = listVulnModes();
  const width = Math.max(...modes.map((m) => m.name.length));
  const lines = modes.map((m) => `  ${m.name.padEnd(width)}  ${m.pack.padEnd(24)} ${m.description}`);
  return `Red-team modes for 'plainwright agent --vuln a,b' (name, pack that flags it, weakness):\n${lines.join("\n")}\n`;
}

/** Formats the flaw catalogue as a table a person can scan. */
export function renderFlawList(): string {
  const flaws = listFlaws();
  const width = Math.max(...flaws.map((f) => f.name.length));
  const lines = flaws.map(
    (f) =>
      `  ${f.name.padEnd(width)}  ${f.category.padEnd(9)} ${f.protocols.join(",").padEnd(7)} ${f.description}\n  ${" ".repeat(width)}  ${"".padEnd(17)} expect: ${f.expect}`,
  );
  return `Flaws for 'plainwright agent --flaw NAME' (name, category, protocols, what is wrong):\n${lines.join("\n")}\n`;
}

export function parseProtocol(raw: string | undefined): AgentProtocol {
  if (raw === undefined) return "1.0";
  if (raw === "0.3" || raw === "1.0") return raw;
  throw usageError(`--protocol ${raw}: the reference agent speaks 0.3 or 1.0`);
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 9999;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw usageError(`--port ${raw}: must be a whole number from 0 to 65535`);
  return port;
}

/** `agent`: runs the reference agent until interrupted. */
export async function runAgentCommand(flags: AgentFlags): Promise<number> {
  if (flags.listFlaws) {
    process.stdout.write(renderFlawList());
    return 0;
  }
  if (flags.listVuln) {
    process.stdout.write(renderVulnList());
    return 0;
  }
  const protocol = parseProtocol(flags.protocol);
  const vuln = (flags.vuln ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const known = listVulnModes().map((m) => m.name as string);
  const unknown = vuln.find((v) => !known.includes(v));
  if (unknown !== undefined)
    throw usageError(
      `--vuln ${flags.vuln}: unknown mode "${unknown}"; 'plainwright agent --list-vuln' lists the ${known.length} modes`,
    );
  const names = listFlaws().map((f) => f.name);
  if (flags.flaw !== undefined && !names.includes(flags.flaw)) {
    throw usageError(
      `--flaw ${flags.flaw}: unknown flaw; 'plainwright agent --list-flaws' lists the ${names.length} flaws`,
    );
  }
  let agent;
  try {
    agent = await startReferenceAgent({
      port: parsePort(flags.port),
      host: flags.host ?? "127.0.0.1",
      protocol,
      ...(flags.flaw ? { flaw: flags.flaw } : {}),
      ...(flags.bearerToken?.length ? { bearerToken: flags.bearerToken } : {}),
      ...(flags.requiredExtension ? { requiredExtension: true } : {}),
      ...(flags.extendedCard ? { extendedCard: true } : {}),
      ...(vuln.length > 0 ? { vuln } : {}),
      ...(flags.signCard === false ? { signCard: false } : {}),
    });
  } catch (error) {
    // A port in use (or not ours to take) is the environment, not the command line: exit 2, as serve does.
    const code = (error as { code?: unknown }).code;
    if (code === "EADDRINUSE" || code === "EACCES" || code === "EADDRNOTAVAIL")
      throw configError(
        `cannot listen on ${flags.host ?? "127.0.0.1"}:${flags.port ?? ""}: ${(error as Error).message}`,
      );
    throw usageError((error as Error).message);
  }
  process.stdout.write(
    `Reference agent (A2A ${protocol}${flags.flaw ? `, flaw ${flags.flaw}` : ""}${vuln.length > 0 ? `, vulnerable: ${vuln.join(",")}` : ""}${flags.bearerToken?.length ? `, bearer token required (${flags.bearerToken.length === 1 ? "one caller" : `${flags.bearerToken.length} callers`})` : ""}${flags.requiredExtension ? ", extension required" : ""}${flags.extendedCard ? ", extended card" : ""}) at ${agent.url}\ncard: ${agent.cardUrl}\nPress Ctrl+C to stop.\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await agent.close();
  return 0;
}
