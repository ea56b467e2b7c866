import { Router, type Response } from "express";
import { z } from "zod";
import { parseTransport, type Transport } from "../../model/transport.js";
import type { OutboundPolicy } from "../../net/outbound-policy.js";
import type { TrafficEntry, TrafficEntryChange } from "../../model/traffic.js";
import type { FoundAgent } from "../../runner/connect.js";
import { runA2ATest } from "../../runner/run-a2a-test.js";
import type { ReachedEndpoint } from "../../runner/reach.js";
import { ApiError, badRequest, notFound } from "../api-error.js";
import { applyAuth, withQuery } from "../inspector-auth.js";
import { canStream, InspectorChats, type ChatRequest } from "../inspector-chat.js";
import type { CardReply, ChatReply, ChatUpdate } from "../../model/api.js";
import type { InspectorStreams, StreamLease } from "../inspector-streams.js";
import type { InspectorSession, InspectorSessions } from "../inspector-sessions.js";
import { cardBody, chatBody, sessionRef, taskBody } from "../../model/api.js";
import { parseBody } from "../request-schemas.js";
import { openSse } from "../sse.js";

/** What the chat needs from the card found: streaming and the bindings it names. */
function cardFacts(agent: FoundAgent | undefined) {
  const card = agent?.validation?.card;
  const transports = new Set<Transport>();
  for (const i of card?.interfaces ?? []) {
    const transport = parseTransport(i.transport);
    if (transport) transports.add(transport);
  }
  return { streaming: card?.capabilities.streaming ?? false, transports: [...transports] };
}

/**
 * Live debug-console entries, coalesced so a flooding stream is sent at most every 100 ms per entry. An
 * entry goes whole once; after that only its changes (its fields and the events the viewer does not have
 * yet): resending a streaming exchange whole grows with the square of its events.
 */
function followTraffic(res: Parameters<typeof openSse>[0], session: InspectorSession): void {
  const sse = openSse(res);
  const eventsSent = new Map<string, number>();
  const send = (entry: TrafficEntry) => {
    const events = entry.events ?? [];
    const from = eventsSent.get(entry.id);
    eventsSent.set(entry.id, events.length);
    if (from === undefined || from > events.length) return sse.send("entry", entry);
    const { events: _all, ...fields } = entry;
    const change: TrafficEntryChange = { ...fields, events_from: from, events: events.slice(from) };
    sse.send("entry-change", change);
  };
  for (const entry of session.traffic.entries()) send(entry);
  const dirty = new Map<string, TrafficEntry>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    for (const entry of dirty.values()) send(entry);
    dirty.clear();
  };
  const viewer = (entry: TrafficEntry) => {
    dirty.set(entry.id, entry);
    timer ??= setTimeout(flush, 100);
  };
  session.viewers.add(viewer);
  sse.onClose(() => {
    session.viewers.delete(viewer);
    clearTimeout(timer);
  });
}

/** Fetches, validates and resolves the card; opens the session's chats with the agent it names. */
async function loadCard(
  session: InspectorSession,
  body: z.infer<typeof cardBody>,
  policy: OutboundPolicy,
  signal: AbortSignal,
): Promise<CardReply> {
  const applied = applyAuth(body.auth);
  for (const secret of applied.secrets) session.traffic.addSecret(secret);
  session.secrets.push(...applied.secrets);
  let agentUrl: string;
  try {
    agentUrl = withQuery(body.agent_url, applied.query);
  } catch {
    throw badRequest(`agent_url ${JSON.stringify(body.agent_url.slice(0, 80))} is not a URL`, "agent_url");
  }
  // The card is fetched once per load: the chats reuse what this run found.
  let found: ReachedEndpoint | undefined;
  const result = await runA2ATest({
    config: { agent_url: agentUrl, headers: applied.headers, strict_card: true, timeout_s: body.timeout_s },
    mode: "card",
    policy,
    secrets: applied.secrets,
    traffic: session.traffic,
    signal,
    onTarget: (target) => (found = target),
  });
  const { streaming, transports } = cardFacts(found?.agent);
  session.agent?.chats.close();
  delete session.agent;
  if (found) {
    const ctx = { headers: applied.headers, query: applied.query, timeoutMs: body.timeout_s * 1000, policy };
    session.agent = {
      transports: transports.length > 0 ? transports : ["JSONRPC"],
      chats: new InspectorChats(found.agent, ctx, () => session.traffic),
    };
  }
  const can_chat = session.agent !== undefined;
  return { result, streaming, can_chat, transports: session.agent?.transports ?? [] };
}

/**
 * A lease for one upstream call of the session, bound to the browser's request: the call is
 * stopped when the browser goes away, the session ends or `timeout_s` passes in all.
 */
function leaseFor(streams: InspectorStreams, session: InspectorSession, timeoutS: number, res: Response) {
  const lease = streams.lease(session.id, timeoutS * 1000);
  // The response's close, not the request's: a POST's request stream closes once its body is read.
  res.on("close", () => lease.abort("the browser went away"));
  return lease;
}

/** The reply, or an event stream of `update`s and a `done`, whichever the call is. */
async function respond(
  res: Response,
  lease: StreamLease,
  streamed: boolean,
  call: (onUpdate?: (reply: ChatReply) => void) => Promise<ChatReply>,
): Promise<void> {
  const stopped = (reply: ChatReply): ChatReply =>
    lease.reason ? { ...reply, failure: `the call was ${lease.reason}` } : reply;
  try {
    if (!streamed) {
      const reply = await call();
      if (!res.writableEnded) res.json(stopped(reply));
      return;
    }
    const sse = openSse(res);
    // A reply grows as it streams: after the first update only the new text goes (text_from says where it
    // joins), so a long reply costs its length once, not once per update.
    let sentText = "";
    const reply = await call((update) => {
      const grows = sentText !== "" && update.text.startsWith(sentText);
      const text = grows ? update.text.slice(sentText.length) : update.text;
      const sent: ChatUpdate = grows ? { ...update, text, text_from: sentText.length } : update;
      sse.send("update", sent);
      sentText = update.text;
    });
    sse.send("done", stopped(reply));
    sse.close();
  } finally {
    lease.release();
  }
}

/**
 * The session's agent, a stream lease and an open chat on `transport` for one inspector call; undefined
 * when the chat could not open, after the failure has been answered and the lease released.
 */
async function openLeasedChat(
  streams: InspectorStreams,
  session: InspectorSession,
  call: { transport: Transport; timeout_s: number },
  res: Response,
  noAgent: string,
) {
  const agent = session.agent;
  if (!agent) throw new ApiError(409, noAgent);
  const lease = leaseFor(streams, session, call.timeout_s, res);
  const open = await agent.chats.open(call.transport, lease.signal);
  if (typeof open === "string") {
    lease.release();
    res.json({ text: "", warnings: [], problems: [], transport: call.transport, failure: open });
    return undefined;
  }
  return { agent, open, lease };
}

/** One chat turn: a JSON reply, or an event stream of `update`s and a `done` when the agent streams. */
async function chatTurn(
  streams: InspectorStreams,
  session: InspectorSession,
  body: z.infer<typeof chatBody>,
  res: Response,
) {
  const chat = await openLeasedChat(
    streams,
    session,
    body,
    res,
    "load an agent card with a usable endpoint before chatting",
  );
  if (!chat) return;
  const { agent, open, lease } = chat;
  const request: ChatRequest = {
    text: body.text,
    timeoutMs: body.timeout_s * 1000,
    signal: lease.signal,
    ...(body.context_id ? { contextId: body.context_id } : {}),
    ...(body.task_id ? { taskId: body.task_id } : {}),
  };
  const streamed = body.stream && canStream(open);
  await respond(res, lease, streamed, (onUpdate) => agent.chats.turn(open, request, onUpdate));
}

/** The inspector's task controls on the current task: get, cancel, or subscribe (streamed). */
async function taskCall(
  streams: InspectorStreams,
  session: InspectorSession,
  body: z.infer<typeof taskBody>,
  res: Response,
) {
  const chat = await openLeasedChat(
    streams,
    session,
    body,
    res,
    "load an agent card with a usable endpoint first",
  );
  if (!chat) return;
  const { agent, open, lease } = chat;
  const streamed = body.action === "subscribe";
  await respond(res, lease, streamed, (onUpdate) =>
    agent.chats.taskAction(open, body.action, body.task_id, lease.signal, onUpdate),
  );
}

/** The inspector (the inspector guide): the server makes every A2A call, so the outbound policy applies. */
export function inspectRouter(sessions: InspectorSessions, policy: OutboundPolicy): Router {
  const router = Router();
  const sessionOr404 = (id: unknown) => {
    const session = typeof id === "string" ? sessions.get(id) : undefined;
    if (!session) throw notFound("inspector session (reload the page)", String(id));
    return session;
  };
  router.post("/api/inspect/sessions", (_req, res) => {
    res.status(201).json({ id: sessions.create().id });
  });
  router.get("/api/inspect/sessions/:id/traffic", (req, res) => {
    followTraffic(res, sessionOr404(req.params.id));
  });
  router.post("/api/inspect/card", async (req, res) => {
    const session = sessionOr404(parseBody(sessionRef, req.body).session_id);
    const body = parseBody(cardBody, req.body);
    // The card load is an upstream call like a chat turn: owned by this request, bounded by timeout_s.
    const lease = leaseFor(sessions.streams, session, body.timeout_s, res);
    try {
      const loaded = await loadCard(session, body, policy, lease.signal);
      if (!res.writableEnded) res.json(loaded);
    } finally {
      lease.release();
    }
  });
  router.post("/api/inspect/chat", async (req, res) => {
    const body = parseBody(chatBody, req.body);
    await chatTurn(sessions.streams, sessionOr404(body.session_id), body, res);
  });
  router.post("/api/inspect/task", async (req, res) => {
    const body = parseBody(taskBody, req.body);
    await taskCall(sessions.streams, sessionOr404(body.session_id), body, res);
  });
  router.post("/api/inspect/stop", (req, res) => {
    const session = sessionOr404(parseBody(sessionRef, req.body).session_id);
    res.json({ stopped: sessions.streams.stop(session.id) });
  });
  return router;
}
