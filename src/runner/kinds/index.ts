import { cardKind } from "./card.js";
import { conformanceKind } from "./conformance.js";
import { conversationKind } from "./conversation.js";
import type { AnyRunKind } from "./define.js";
import { loadKind } from "./load.js";
import { redteamKind } from "./redteam.js";
import { smokeKind } from "./smoke.js";

/**
 * Every kind of run, by name: the one list the test-file schema, the command line and the runner read.
 * A new kind is its file under kinds/, its entry here, and its report section.
 */
export const runKinds = {
  card: cardKind,
  smoke: smokeKind,
  conversation: conversationKind,
  conformance: conformanceKind,
  redteam: redteamKind,
  load: loadKind,
} as const satisfies Record<string, AnyRunKind>;

export type RunKindName = keyof typeof runKinds;
