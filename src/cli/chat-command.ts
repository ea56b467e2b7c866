import { createInterface } from "node:readline";
import { parseTransport } from "../model/transport.js";
import { applyCredentials } from "../client/auth.js";
import { ChatSession, describeCallFailure } from "../client/chat-session.js";
import type { TrafficEntry } from "../net/traffic.js";
import { TrafficLog } from "../net/traffic.js";
import { connectAgent } from "../runner/connect.js";
import { parseEndpointOverride } from "../runner/endpoint-override.js";
import { usageError } from "../runner/errors.js";
import { resolveSecrets } from "../runner/secrets.js";
import { styleFor, type Style } from "../report/style.js";
import { terminalText as t } from "../report/terminal-text.js";
import { exitCodes } from "./exit-codes.js";
import {
  connectionFlags,
  credentialsFrom,
  parseAgentUrl,
  parseHeaders,
  parseProtocol,
  parseTimeout,
  policyFrom,
  secretSourceFrom,
  type AuthFlags,
  type CommonFlags,
} from "./options.js";

export interface ChatFlags extends CommonFlags, AuthFlags {
  transport?: string;
  protocol?: string;
  raw?: boolean;
  stream?: boolean;
}

const help = `Commands: /raw (toggle the traffic view), /task (show the current task), /cancel (cancel it), /new (new conversation), /help, /quit`;

function trafficLine(entry: TrafficEntry, phase: string, st: Style): string | undefined {
  const body = (text: string | undefined) =>
    text ? ` ${st.dim(t(text.length > 400 ? `${text.slice(0, 400)}…` : text))}` : "";
  if (phase === "request")
    return `${st.cyan("→")} ${t(entry.method)} ${t(entry.url)}${body(entry.request_body)}`;
  if (phase === "event") return `${st.cyan("⇠")} event${body(entry.events?.at(-1)?.data)}`;
  if (phase === "end") {
    if (entry.error) return `${st.red("←")} ${t(entry.error.message)}`;
    return entry.events && entry.events.length > 0
      ? `${st.cyan("←")} stream closed after ${entry.events.length} events (${entry.ms} ms)`
      : `${st.cyan("←")} ${entry.status ?? ""} (${entry.ms} ms)${body(entry.response_body)}`;
  }
  return undefined;
}

/** `chat <url>`: an interactive (or line-scripted) conversation with the agent. */
export async function runChatCommand(rawUrl: string, flags: ChatFlags): Promise<number> {
  const url = parseAgentUrl(rawUrl);
  // Without --transport: the --endpoint's binding, else JSON-RPC.
  const transport = flags.transport === undefined ? undefined : parseTransport(flags.transport);
  if (flags.transport !== undefined && !transport)
    throw usageError(`--transport ${flags.transport}: expected jsonrpc, rest or grpc`);
  const applied = applyCredentials(credentialsFrom(flags));
  const { value: headers, used } = resolveSecrets(
    { ...parseHeaders(flags.header), ...applied.headers },
    await secretSourceFrom(flags, process.env),
  );
  const traffic = new TrafficLog({ secrets: [...used, ...applied.secrets] });
  const ctx = {
    headers,
    query: applied.query,
    timeoutMs: parseTimeout(flags.timeout) * 1000,
    policy: policyFrom(flags),
    traffic,
  };
  const st = styleFor(process.stdout);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const override = parseProtocol(flags.protocol);
  const checked = connectionFlags({ ...(flags.endpoint !== undefined ? { endpoint: flags.endpoint } : {}) });
  const given = checked.endpoint ? parseEndpointOverride(checked.endpoint) : undefined;
  const connected = await connectAgent({
    agentUrl: url,
    ctx,
    ...(transport ? { transport } : {}),
    ...(given && typeof given !== "string" ? { endpointOverride: given } : {}),
    ...(override ? { protocolOverride: override } : {}),
  });
  if (!connected.ok) {
    process.stderr.write(`plainwright: ${t(connected.reason)}\n`);
    return exitCodes.failed;
  }
  const { agent, endpoint, negotiation, client } = connected.connection;
  const card = agent.validation?.card;
  const streaming = flags.stream !== false && (card?.capabilities.streaming ?? false);
  out(st.bold(t(`${card?.name ?? "Agent"} ${card?.version ?? ""}`.trim())));
  out(
    st.dim(
      `${t(endpoint.url)} · ${endpoint.transport} · A2A ${negotiation.generation}${streaming ? " · streaming" : ""}`,
    ),
  );
  for (const note of negotiation.notes) out(st.yellow(`! ${t(note)}`));
  let raw = flags.raw === true;
  traffic.onEntry((entry, phase) => {
    const line = raw ? trafficLine(entry, phase, st) : undefined;
    if (line) process.stderr.write(`${line}\n`);
  });
  const session = new ChatSession(client);
  const interactive = process.stdin.isTTY === true;
  if (interactive) out(st.dim(help));
  const rl = createInterface({ input: process.stdin, terminal: interactive });
  const prompt = () => interactive && process.stdout.write(st.bold("you> "));
  prompt();
  for await (const line of rl) {
    const text = line.trim();
    if (text === "") {
      prompt();
      continue;
    }
    if (text.startsWith("/")) {
      const quit = await runSlashCommand(text, session, { out, st, toggleRaw: () => (raw = !raw) });
      if (quit) break;
      prompt();
      continue;
    }
    if (streaming) process.stdout.write(st.bold("agent> "));
    const turn = await session.say(text, {
      stream: streaming,
      onText: (piece) => process.stdout.write(t(piece)),
    });
    if (streaming) process.stdout.write("\n");
    else if (turn.text) out(`${st.bold("agent>")} ${t(turn.text)}`);
    const state = turn.reply?.kind === "task" ? turn.reply.state : turn.reply ? "message" : "";
    if (turn.failure) out(st.red(`! ${t(turn.failure)}`));
    if (state)
      out(st.dim(`[${t(state)}${turn.awaitingInput ? ": your next message continues this task" : ""}]`));
    prompt();
  }
  rl.close();
  client.close();
  return exitCodes.passed;
}

interface SlashContext {
  out: (line: string) => void;
  st: Style;
  toggleRaw: () => boolean;
}

/** Runs one /command; returns true when the chat should end. */
async function runSlashCommand(text: string, session: ChatSession, c: SlashContext): Promise<boolean> {
  switch (text.split(/\s+/)[0]) {
    case "/quit":
    case "/exit":
      return true;
    case "/raw":
      c.out(c.st.dim(`traffic view ${c.toggleRaw() ? "on (stderr)" : "off"}`));
      return false;
    case "/new":
      session.reset();
      c.out(c.st.dim("new conversation"));
      return false;
    case "/task": {
      const outcome = await session.task();
      if (!outcome) c.out(c.st.dim("no task yet"));
      else if (!outcome.ok) c.out(c.st.red(`! ${t(describeCallFailure(outcome))}`));
      else
        c.out(
          `task ${t(outcome.value.id)} · ${t(outcome.value.state)} · context ${t(outcome.value.contextId ?? "-")} · ${outcome.value.artifacts.length} artifact(s) · ${outcome.value.history.length} message(s) in history`,
        );
      return false;
    }
    case "/cancel": {
      const outcome = await session.cancel();
      if (!outcome) c.out(c.st.dim("no task to cancel"));
      else
        c.out(
          outcome.ok
            ? `task ${t(outcome.value.id)} is ${t(outcome.value.state)}`
            : c.st.red(`! ${t(describeCallFailure(outcome))}`),
        );
      return false;
    }
    default:
      c.out(help);
      return false;
  }
}
