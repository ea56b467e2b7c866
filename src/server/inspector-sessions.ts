import { randomUUID } from "node:crypto";
import type { Transport } from "../model/transport.js";
import { TrafficLog } from "../net/traffic.js";
import { type TrafficEntry } from "../model/traffic.js";
import type { InspectorChats } from "./inspector-chat.js";
import { InspectorStreams } from "./inspector-streams.js";

/** The agent an inspector session is connected to, remembered from its card. */
export interface InspectedAgent {
  /** The bindings the card advertises, in the card's order. */
  transports: Transport[];
  chats: InspectorChats;
}

/** One browser tab's inspector: its own traffic log (the debug console) and connected agent. */
export interface InspectorSession {
  id: string;
  traffic: TrafficLog;
  agent?: InspectedAgent;
  /** Credentials to redact, carried over when the console starts a fresh log. */
  secrets: string[];
  lastUsed: number;
  /** Live debug-console viewers. */
  viewers: Set<(entry: TrafficEntry) => void>;
}

const IDLE_MS = 30 * 60_000;
const MAX_SESSIONS = 100;
/** A session whose console holds more entries starts a fresh log, so memory stays bounded. */
const MAX_ENTRIES = 2000;

/** In-memory inspector sessions: bounded in number, idle ones dropped. */
export class InspectorSessions {
  readonly #sessions = new Map<string, InspectorSession>();

  /** Every session's open upstream calls: a session that ends closes its own. */
  constructor(readonly streams = new InspectorStreams()) {}

  /** Opens a session, evicting idle ones and the oldest beyond the cap. */
  create(): InspectorSession {
    this.#sweep();
    const session: InspectorSession = {
      id: randomUUID(),
      traffic: new TrafficLog(),
      secrets: [],
      lastUsed: Date.now(),
      viewers: new Set(),
    };
    this.#watch(session);
    this.#sessions.set(session.id, session);
    return session;
  }

  /** The session, refreshed as used; undefined when unknown or expired. */
  get(id: string): InspectorSession | undefined {
    this.#sweepIdle();
    const session = this.#sessions.get(id);
    if (!session) return undefined;
    session.lastUsed = Date.now();
    if (session.traffic.entries().length > MAX_ENTRIES) {
      session.traffic = new TrafficLog({ secrets: session.secrets });
      this.#watch(session);
      // The open clients record into the old log: reconnect on the next turn.
      session.agent?.chats.close();
    }
    return session;
  }

  #watch(session: InspectorSession): void {
    session.traffic.onEntry((entry) => {
      for (const viewer of session.viewers) viewer(entry);
    });
  }

  #sweepIdle(): void {
    const now = Date.now();
    for (const s of this.#sessions.values())
      if (now - s.lastUsed > IDLE_MS && s.viewers.size === 0) this.#drop(s);
  }

  #sweep(): void {
    this.#sweepIdle();
    while (this.#sessions.size >= MAX_SESSIONS) {
      const oldest = [...this.#sessions.values()].sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (!oldest) break;
      this.#drop(oldest);
    }
  }

  #drop(session: InspectorSession): void {
    this.streams.closeOwner(session.id, "the inspector session ended");
    session.agent?.chats.close();
    this.#sessions.delete(session.id);
  }
}
