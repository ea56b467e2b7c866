import type { AgentProtocol, FlawDefinition, JsonObject } from "../types.js";
import { editReply, is, paramsOf } from "./rpc-call.js";
import { isObject } from "../json.js";

const BOTH: AgentProtocol[] = ["0.3", "1.0"];

/** Rewrites the history of a tasks/get (GetTask) result; other replies pass untouched. */
function editHistory(body: JsonObject, edit: (history: unknown[]) => unknown[]): JsonObject {
  const result = body.result;
  if (!isObject(result) || !Array.isArray(result.history)) return body;
  return { ...body, result: { ...result, history: edit(result.history) } };
}

const isUser = (message: unknown): message is JsonObject =>
  isObject(message) && (message.role === "user" || message.role === "ROLE_USER");

/** The history-read-truncates flaw's memory: the shortest historyLength each task was read with. */
const trimmedTo = new Map<string, number>();

/** What the history-rewritten flaw stores instead of the user's words. */
const SUMMARY = "(summary) The customer answered the helpdesk.";

/** Flaws in what tasks/get (GetTask) returns as a task's history (A2A 1.0.1 §3.7), in the JSON-RPC front. */
export const HISTORY_FLAWS: FlawDefinition[] = [
  {
    name: "history-reversed",
    category: "protocol",
    protocols: BOTH,
    description: "tasks/get returns the task's history newest first.",
    expect: "lifecycle.history-order fails",
    rpc: (call, res, kit) =>
      is(call, kit, "get") ? editReply(res, (body) => editHistory(body, (h) => [...h].reverse())) : false,
  },
  {
    name: "history-rewritten",
    category: "protocol",
    protocols: BOTH,
    description:
      "tasks/get returns the user's messages in the history with their text replaced by a summary.",
    expect: "lifecycle.history-content fails",
    rpc: (call, res, kit) => {
      if (!is(call, kit, "get")) return false;
      const summarise = (message: unknown) => {
        if (!isUser(message) || !Array.isArray(message.parts)) return message;
        const parts = (message.parts as unknown[]).map((p) =>
          isObject(p) && typeof p.text === "string" ? { ...p, text: SUMMARY } : p,
        );
        return { ...message, parts };
      };
      return editReply(res, (body) => editHistory(body, (h) => h.map(summarise)));
    },
  },
  {
    name: "history-zero-gives-one",
    category: "protocol",
    protocols: ["0.3"],
    description:
      "tasks/get with historyLength 0 returns the last message only: neither none nor the whole history.",
    expect: "lifecycle.history-length-0x fails (0.3 reads 0 as none or as unlimited, nothing in between)",
    rpc: (call, _res, kit) => {
      const params = paramsOf(call);
      if (is(call, kit, "get") && params.historyLength === 0) params.historyLength = 1;
      return false;
    },
  },
  {
    name: "history-read-truncates",
    category: "protocol",
    protocols: BOTH,
    description:
      "tasks/get with historyLength N keeps only the last N messages for good: every later read returns at most N, as an agent that stores the trimmed history does.",
    expect: "lifecycle.history-kept-after-read fails (a read shrank the task's history)",
    rpc: (call, res, kit) => {
      if (!is(call, kit, "get")) return false;
      const params = paramsOf(call);
      const id = typeof params.id === "string" ? params.id : undefined;
      if (id === undefined) return false;
      const asked = params.historyLength;
      const kept = trimmedTo.get(id);
      if (typeof asked === "number" && asked > 0 && (kept === undefined || asked < kept))
        trimmedTo.set(id, asked);
      return kept === undefined ? false : editReply(res, (body) => editHistory(body, (h) => h.slice(-kept)));
    },
  },
  {
    name: "history-zero-empty-field",
    category: "protocol",
    protocols: ["1.0"],
    description: "GetTask with historyLength 0 returns no message but keeps an empty history field.",
    expect:
      "lifecycle.history-field-omitted fails (the field SHOULD be left out); lifecycle.history-length-zero passes",
    rpc: (call, res, kit) => {
      if (!is(call, kit, "get") || paramsOf(call).historyLength !== 0) return false;
      return editReply(res, (body) =>
        isObject(body.result) ? { ...body, result: { ...body.result, history: [] } } : body,
      );
    },
  },
];
