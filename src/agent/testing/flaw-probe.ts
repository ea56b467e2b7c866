import { expect } from "vitest";
import type { RunningAgent } from "../index.js";
import type { Dialect } from "./dialects.js";
import { resultOf, rpc } from "./http-client.js";

/** What a flaw check gets: the running agent and the client dialect of its protocol. */
export interface FlawProbe {
  agent: RunningAgent;
  dialect: Dialect;
}

export type FlawCheck = (probe: FlawProbe) => Promise<void>;
export type Card = Record<string, unknown>;

/** The code of a JSON-RPC error reply body, if it is one. */
export const errorCode = (body: Record<string, unknown>): unknown =>
  (body.error as Record<string, unknown> | undefined)?.code;

/** The reference agent's JSON-RPC endpoint. */
export const jsonrpc = (probe: FlawProbe): string => `${probe.agent.url}/a2a/jsonrpc`;

/** A task created by one blocking send; `slow` ones stay working for the agent's slowTaskMs. */
export async function newTask(probe: FlawProbe, text = "What can you help with?") {
  const { dialect } = probe;
  const params = dialect.sendParams(text, { returnImmediately: text.startsWith("slow") });
  const task = dialect.taskOfSend(
    resultOf(await rpc(jsonrpc(probe), dialect.methods.send, params, dialect.headers)),
  );
  if (!task) throw new Error("the send did not return a Task");
  return task;
}

/** A bounded GET that never follows redirects. */
export function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(10_000) });
}

/** Fetches and parses the card at the agent's cardUrl. */
export async function fetchCard(probe: FlawProbe): Promise<Card> {
  const response = await get(probe.agent.cardUrl);
  expect(response.status).toBe(200);
  return (await response.json()) as Card;
}

/** Sends one message to a JSON-RPC endpoint and asserts the task completes with text. */
export async function expectSmokePasses(probe: FlawProbe, endpoint: string): Promise<void> {
  const { dialect } = probe;
  const reply = await rpc(
    endpoint,
    dialect.methods.send,
    dialect.sendParams("What can you help with?"),
    dialect.headers,
  );
  const task = dialect.taskOfSend(resultOf(reply));
  expect(task?.state).toBe("completed");
  expect(task?.artifactTexts.join("")).not.toBe("");
}

/** The JSON-RPC endpoint URLs a card advertises, in either generation's fields. */
export function jsonRpcUrls(card: Card): string[] {
  const urls: string[] = [];
  if (typeof card.url === "string") urls.push(card.url);
  for (const key of ["additionalInterfaces", "supportedInterfaces"]) {
    const list = card[key];
    if (!Array.isArray(list)) continue;
    for (const entry of list as Card[]) {
      const binding = entry.transport ?? entry.protocolBinding;
      if (binding === "JSONRPC" && typeof entry.url === "string") urls.push(entry.url);
    }
  }
  return urls;
}
