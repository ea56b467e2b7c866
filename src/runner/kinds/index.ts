import type { RunKind as ResultKind } from "../../model/result.js";
import type { AnyRunKind } from "./define.js";

/**
 * Every kind of run, by name: the one list the test-file schema, the command line and the runner read.
 * A new kind is its file under kinds/, its entry here (and its keys in kinds/options.ts), and its report
 * section. Each kind loads when a run of it starts, so a command loads only its own.
 */
export const runKinds = {
  card: async () => (await import("./card.js")).cardKind,
  smoke: async () => (await import("./smoke.js")).smokeKind,
  conversation: async () => (await import("./conversation.js")).conversationKind,
  conformance: async () => (await import("./conformance.js")).conformanceKind,
  redteam: async () => (await import("./redteam.js")).redteamKind,
  load: async () => (await import("./load.js")).loadKind,
} as const satisfies Record<string, () => Promise<AnyRunKind>>;

export type RunKindName = keyof typeof runKinds;

/** The result kind each run kind fills, known before the kind is loaded (a test that could not start). */
export const resultKindOf: Readonly<Record<RunKindName, ResultKind>> = {
  card: "a2a",
  smoke: "a2a",
  conversation: "conversation",
  conformance: "conformance",
  redteam: "redteam",
  load: "load",
};
