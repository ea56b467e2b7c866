import { createInterface } from "node:readline";
import { parseTransport } from "../model/transport.js";
import { cardSecurity, type CardSecurityFields } from "../client/auth.js";
import { ChatSession } from "../client/chat-session.js";
import { describeFailure } from "../client/describe-failure.js";
import { createClient } from "../client/create-client.js";
import type { A2AClient } from "../client/types.js";
import type { TrafficEntry } from "../model/traffic.js";
import { TrafficLog } from "../net/traffic.js";
import { formatDuration } from "../view/units.js";
import { connectAgent, type Connection } from "../runner/connect.js";
import { parseEndpointOverride } from "../runner/endpoint-override.js";
import { usageError } from "../runner/errors.js";
import { headerSecrets } from "../runner/credential-headers.js";
import { resolveSecrets, shortSecretWarning, tooShortToRedact } from "../runner/secrets.js";
import { heartbeat } from "../report/progress-display.js";
import { plainStyle, styleFor, type Style } from "../report/style.js";
import { authAdvice, refusalInTraffic } from "../runner/auth-refusal.js";
import { terminalText as t } from "../report/terminal-text.js";
import { exitCodes } from "./exit-codes.js";
import {
  connectionFlags,
  parseAgentUrl,
  parseProtocol,
  parseTimeout,
  policyFrom,
  requestAuth,
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

/** Past this many characters a request or response body is cut in the traffic view; events never are. */
const RAW_BODY_LIMIT = 64 * 1024;

/** One line of the traffic view; an event is shown whole, as it arrived (`eventData`), whatever the log keeps. */
function trafficLine(
  entry: TrafficEntry,
  phase: string,
  st: Style,
  eventData = entry.events?.at(-1)?.data,
): string | undefined {
  const cut = (text: string) =>
    text.length > RAW_BODY_LIMIT
      ? `${text.slice(0, RAW_BODY_LIMIT)}… (${text.length - RAW_BODY_LIMIT} more characters)`
      : text;
  const body = (text: string | undefined, whole = false) =>
    text ? ` ${st.dim(t(whole ? text : cut(text)))}` : "";
  if (phase === "request")
    return `${st.cyan("→")} ${t(entry.method)} ${t(entry.url)}${body(entry.request_body)}`;
  if (phase === "event") return `${st.cyan("⇠")} event${body(eventData, true)}`;
  if (phase === "end") {
    if (entry.error) return `${st.red("←")} ${t(entry.error.message)}`;
    return entry.events && entry.events.length > 0
      ? `${st.cyan("←")} stream closed after ${entry.events.length} events (${formatDuration(entry.ms)})`
      : `${st.cyan("←")} ${entry.status ?? ""} (${formatDuration(entry.ms)})${body(entry.response_body)}`;
  }
  return undefined;
}

/** Everything chat needs before it connects, checked first: a bad option never costs a request. */
async function chatSettings(rawUrl: string, flags: ChatFlags) {
  const url = parseAgentUrl(rawUrl);
  // Without --transport: the --endpoint's binding, else JSON-RPC.
  const transport = flags.transport === undefined ? undefined : parseTransport(flags.transport);
  if (flags.transport !== undefined && !transport)
    throw usageError(`--transport ${flags.transport}: expected jsonrpc, rest or grpc`);
  const auth = requestAuth(flags);
  const timeoutMs = parseTimeout(flags.timeout) * 1000;
  const policy = policyFrom(flags);
  const protocol = parseProtocol(flags.protocol);
  const checked = connectionFlags({ ...(flags.endpoint !== undefined ? { endpoint: flags.endpoint } : {}) });
  const given = checked.endpoint ? parseEndpointOverride(checked.endpoint) : undefined;
  const {
    value: headers,
    used,
    names,
  } = resolveSecrets(auth.headers, await secretSourceFrom(flags, process.env));
  // As every run says it (docs/test-files.md, Secrets): used, with one warning naming it, never its value.
  // A value typed into -H or --bearer is named by its header, as a run names it.
  const typed = headerSecrets(headers).filter((s) => !names.has(s.value));
  const warned = new Set<string>();
  for (const [value, name] of [...names, ...typed.map((s) => [s.value, s.name] as const)])
    if (tooShortToRedact(value) && !warned.has(name)) {
      warned.add(name);
      process.stderr.write(`plainwright: warning: ${shortSecretWarning(name)}\n`);
    }
  return {
    url,
    ctx: {
      headers,
      query: auth.query,
      timeoutMs,
      policy,
      traffic: new TrafficLog({ secrets: [...used, ...auth.secrets] }),
    },
    connect: {
      ...(transport ? { transport } : {}),
      ...(given && typeof given !== "string" ? { endpointOverride: given } : {}),
      ...(protocol ? { protocolOverride: protocol } : {}),
    },
  };
}

/** A refusal (401/403) in the traffic so far, as advice naming the card's schemes; undefined when none. */
function refusalAdvice(traffic: TrafficLog, card: CardSecurityFields | undefined, cardUrls: string[]) {
  const refusal = refusalInTraffic(traffic.entries(), cardUrls);
  return refusal ? authAdvice(refusal, card ? cardSecurity(card).schemes : []) : undefined;
}

type ChatSettings = Awaited<ReturnType<typeof chatSettings>>;

/** The agent reached over its chosen binding, or why chat cannot start (unreachable, or refused at once). */
async function reachAgent({
  url,
  ctx,
  connect,
}: ChatSettings): Promise<
  { ok: true; connection: Connection; cardUrls: string[] } | { ok: false; why: string }
> {
  const connected = await connectAgent({ agentUrl: url, ctx, ...connect });
  if (!connected.ok) {
    const cardUrls = connected.agent?.discovery.tried.map((a) => a.url) ?? [];
    return { ok: false, why: refusalAdvice(ctx.traffic, undefined, cardUrls) ?? connected.reason };
  }
  const { agent, client } = connected.connection;
  const cardUrls = agent.discovery.tried.map((a) => a.url);
  // The version probe is the session's first call: refused there, no message would be answered either.
  const refused = refusalAdvice(ctx.traffic, agent.validation?.card, cardUrls);
  if (refused) {
    client.close();
    return { ok: false, why: refused };
  }
  return { ok: true, connection: connected.connection, cardUrls };
}

/** The header: the agent's name and version, where it is reached, and what negotiation noted. */
function greet({ agent, endpoint, negotiation }: Connection, streaming: boolean, chat: ChatOutput): void {
  const { out, st } = chat;
  const card = agent.validation?.card;
  out(st.bold(t(`${card?.name ?? "Agent"} ${card?.version ?? ""}`.trim())));
  out(
    st.dim(
      `${t(endpoint.url)} · ${endpoint.transport} · A2A ${negotiation.generation}${streaming ? " · streaming" : ""}`,
    ),
  );
  for (const note of negotiation.notes) out(st.yellow(`! ${t(note)}`));
}

interface ChatOutput {
  out: (line: string) => void;
  st: Style;
}

/** What the conversation loop talks through and reports to. */
interface Conversation extends ChatOutput {
  session: ChatSession;
  connection: Connection;
  ctx: ChatSettings["ctx"];
  cardUrls: string[];
  streaming: boolean;
  interactive: boolean;
  toggleRaw: () => boolean;
}

/** How a conversation ended: the failed turns, and the refusal advice when the agent refused a turn. */
interface ConversationEnd {
  failedTurns: number;
  refusedAt?: string;
}

/** One typed message sent and answered; `stopped` when Ctrl-C stopped its reply. */
async function takeTurn(
  c: Conversation,
  text: string,
  turnStop: AbortController,
): Promise<{ stopped: true } | { stopped: false; failed: boolean; refusedAt?: string }> {
  const { out, st } = c;
  const via = createClient(c.connection.client.target, { ...c.ctx, signal: turnStop.signal });
  const turn = await sayWithHeartbeat(c.session, text, { streaming: c.streaming, st, via }).finally(() =>
    via.close(),
  );
  if (turnStop.signal.aborted) {
    out(st.yellow(`! ${await stoppedTurnNote(c.session)}`));
    return { stopped: true };
  }
  const state = turn.reply?.kind === "task" ? turn.reply.state : turn.reply ? "message" : "";
  let refusedAt: string | undefined;
  if (turn.failure) {
    refusedAt = refusalAdvice(c.ctx.traffic, c.connection.agent.validation?.card, c.cardUrls);
    out(st.red(`! ${t(refusedAt ?? turn.failure)}`));
    if (refusedAt) return { stopped: false, failed: true, refusedAt };
  }
  if (state)
    out(st.dim(`[${t(state)}${turn.awaitingInput ? ": your next message continues this task" : ""}]`));
  return { stopped: false, failed: turn.failure !== undefined };
}

/** Reads lines until /quit, the end of input, a refusal or Ctrl-C at the prompt; each is a turn or a /command. */
async function converse(c: Conversation): Promise<ConversationEnd> {
  // At a terminal readline echoes what is typed (and edits it) only when it has an output stream.
  const rl = createInterface({
    input: process.stdin,
    ...(c.interactive ? { output: process.stdout } : {}),
    terminal: c.interactive,
  });
  rl.setPrompt(c.st.bold("you> "));
  const prompt = () => c.interactive && rl.prompt();
  const end: ConversationEnd = { failedTurns: 0 };
  // Ctrl-C during a reply stops that reply (and cancels its task); at the prompt, or a second time, it leaves.
  let turnStop: AbortController | undefined;
  let leaving = false;
  const onInterrupt = () => {
    if (turnStop && !turnStop.signal.aborted) return turnStop.abort(new Error("stopped by Ctrl-C"));
    leaving = true;
    rl.close();
  };
  rl.on("SIGINT", onInterrupt);
  process.on("SIGINT", onInterrupt);
  prompt();
  for await (const line of rl) {
    const text = line.trim();
    if (text.startsWith("/") && (await runSlashCommand(text, c.session, c))) break;
    if (text !== "" && !text.startsWith("/")) {
      turnStop = new AbortController();
      const turn = await takeTurn(c, text, turnStop);
      turnStop = undefined;
      if (turn.stopped && leaving) break;
      if (!turn.stopped && turn.failed) end.failedTurns += 1;
      if (!turn.stopped && turn.refusedAt) {
        end.refusedAt = turn.refusedAt;
        break;
      }
    }
    prompt();
  }
  process.off("SIGINT", onInterrupt);
  rl.close();
  return end;
}

/** `chat <url>`: an interactive (or line-scripted) conversation with the agent. */
export async function runChatCommand(rawUrl: string, flags: ChatFlags): Promise<number> {
  const settings = await chatSettings(rawUrl, flags);
  const st = flags.color === false ? plainStyle : styleFor(process.stdout);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const reached = await reachAgent(settings);
  if (!reached.ok) {
    process.stderr.write(`plainwright: the chat could not start: ${t(reached.why)}\n`);
    return exitCodes.error;
  }
  const { connection, cardUrls } = reached;
  const streaming =
    flags.stream !== false && (connection.agent.validation?.card?.capabilities.streaming ?? false);
  greet(connection, streaming, { out, st });
  let raw = flags.raw === true;
  settings.ctx.traffic.onEntry((entry, phase, eventData) => {
    const line = raw ? trafficLine(entry, phase, st, eventData) : undefined;
    if (line) process.stderr.write(`${line}\n`);
  });
  const interactive = process.stdin.isTTY === true;
  if (interactive) out(st.dim(help));
  const session = new ChatSession(connection.client);
  const toggleRaw = () => (raw = !raw);
  const conversation = {
    session,
    connection,
    ctx: settings.ctx,
    cardUrls,
    streaming,
    interactive,
    toggleRaw,
  };
  const end = await converse({ ...conversation, out, st });
  connection.client.close();
  // Refused, the session cannot go on; scripted (stdin not a terminal), a failed message fails the script.
  if (end.refusedAt) return exitCodes.error;
  return !interactive && end.failedTurns > 0 ? exitCodes.failed : exitCodes.passed;
}

/** What stopping a reply did: the reply stopped, and its task canceled when the turn had one. */
async function stoppedTurnNote(session: ChatSession): Promise<string> {
  const canceled = await session.cancelStopped();
  if (!canceled) return "reply stopped";
  if (canceled.ok) return `reply stopped; task ${canceled.value.id} is ${canceled.value.state}`;
  return `reply stopped; its task could not be canceled: ${describeFailure(canceled)}`;
}

/** One message, with "still waiting on the agent" on stderr every 5 s until the first text arrives. */
async function sayWithHeartbeat(
  session: ChatSession,
  text: string,
  { streaming, st, via }: { streaming: boolean; st: Style; via: A2AClient },
) {
  const write = (line: string) => void process.stderr.write(`${st.dim(line)}\n`);
  const beat = heartbeat({ write, what: "the agent" });
  if (streaming) process.stdout.write(st.bold("agent> "));
  try {
    const turn = await session.say(text, {
      via,
      stream: streaming,
      onText: (piece) => {
        beat.stop();
        process.stdout.write(t(piece));
      },
    });
    if (streaming) process.stdout.write("\n");
    else if (turn.text) process.stdout.write(`${st.bold("agent>")} ${t(turn.text)}\n`);
    return turn;
  } finally {
    beat.stop();
  }
}

interface SlashContext extends ChatOutput {
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
      else if (!outcome.ok) c.out(c.st.red(`! ${t(describeFailure(outcome))}`));
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
            : c.st.red(`! ${t(describeFailure(outcome))}`),
        );
      return false;
    }
    case "/help":
      c.out(help);
      return false;
    default:
      c.out(c.st.yellow(`unknown command ${t(text.split(/\s+/)[0] ?? text)}`));
      c.out(help);
      return false;
  }
}
