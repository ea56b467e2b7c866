import { z } from "zod";
import { categoryAliases, checkLevels } from "../../checks/types.js";
import { checkCategories, type CheckCategory } from "../../model/finding.js";
import { loadConfigSchema } from "../../load/config-schema.js";
import { redteamPacks } from "../../model/redteam.js";
import { transportFlags } from "../../model/transport.js";
import { fraction, identitiesSchema, pattern, text, wholeNumber } from "./config-parts.js";

// Each kind's own config keys, one zod schema per kind (docs/test-files.md). They sit apart from the
// kinds' declarations so that a command reaches its kind without loading the schema library: the test-file
// schema (src/runner/test-definition.ts) is built from them, and a command's flags are read with it.

export const cardOptions = z.object({});
export type CardOptions = z.infer<typeof cardOptions>;

export const smokeOptions = z.object({ smoke_message: z.string().min(1, "must not be empty").optional() });
export type SmokeOptions = z.infer<typeof smokeOptions>;

/** Conversation limits: max_turns 1–50, trials 1–100 (docs/test-files.md leaves them open; these keep runs bounded). */
export const conversationBounds = {
  maxTurns: { min: 1, max: 50 },
  trials: { min: 1, max: 100 },
} as const;

/** A conversation's own keys (docs/test-files.md, "Conversation over A2A"). */
export const conversationOptions = z.object({
  persona: text,
  goal: text,
  success_criteria: z
    .array(z.string({ error: "must be a string" }).trim().min(1, "must not be empty"), {
      error: "must be a list of strings",
    })
    .min(1, "must list at least one criterion")
    .optional(),
  opening_message: text,
  max_turns: wholeNumber(conversationBounds.maxTurns),
  threshold: fraction,
  trials: wholeNumber(conversationBounds.trials),
  min_pass_rate: fraction,
});

export type ConversationOptions = z.infer<typeof conversationOptions>;

/** A conformance test's own keys: hints, which bindings, categories and levels, a peer, other callers. */
export const conformanceOptions = z.object({
  /**
   * Messages that make the agent ask back or keep working, and the ordinary message every check sends in place
   * of the card's skill example (for an agent that takes only input of its own form) (--hint).
   */
  hints: z
    .object(
      {
        "input-required": z.string().min(1).optional(),
        slow: z.string().min(1).optional(),
        message: z.string().min(1).optional(),
      },
      { error: "must be an object" },
    )
    .strict()
    .optional(),
  transports: z
    .array(z.enum(transportFlags, { error: "must list jsonrpc, rest or grpc" }))
    .min(1)
    .optional(),
  categories: z
    .array(
      z
        .enum([...checkCategories, ...Object.keys(categoryAliases)] as [string, ...string[]], {
          error: `must list known categories (${checkCategories.join(", ")})`,
        })
        // Old long names (error-handling...) still load; the run and its report use the id prefixes.
        .transform((name) => categoryAliases[name] ?? (name as CheckCategory)),
    )
    .min(1)
    .optional(),
  levels: z
    .array(z.enum(checkLevels, { error: "must list MUST, SHOULD or MAY" }))
    .min(1)
    .optional(),
  peer_url: z
    .string()
    .url("must be a URL")
    .optional()
    .describe("conformance: a second agent for the interop checks"),
  identities: identitiesSchema,
  /** Only the checks whose id or title matches (--grep), and leaving out those that match grep_invert. */
  grep: pattern,
  grep_invert: pattern,
  /** Checks at once (--concurrency; default 12). */
  concurrency: wholeNumber({ min: 1, max: 32 }),
});

export type ConformanceConfig = z.infer<typeof conformanceOptions>;

/** A red-team test's own keys: which packs, attempts per attack, canaries to detect, other identities. */
export const redteamOptions = z.object({
  packs: z
    .array(z.enum(redteamPacks, { error: `must list known packs (${redteamPacks.join(", ")})` }))
    .min(1, "must list at least one pack")
    .optional(),
  attempts: wholeNumber({ min: 1, max: 100 }),
  canaries: z
    .array(z.string().min(3, "must be at least 3 characters"), { error: "must be a list of strings" })
    .optional(),
  identities: identitiesSchema,
  peer_url: z
    .string()
    .url("must be a URL")
    .optional()
    .describe(
      "redteam: an agent whose reply the peer-artifact attack forwards, with an instruction planted in it",
    ),
});

export type RedteamOptions = z.infer<typeof redteamOptions>;

/** A load test's own key: config.load (docs/load.md). */
export const loadOptions = z.object({ load: loadConfigSchema.optional() });
export type LoadOptions = z.infer<typeof loadOptions>;

/** Every kind's own keys, by kind: the one list beside kinds/index.ts. */
export const kindOptions = {
  card: cardOptions,
  smoke: smokeOptions,
  conversation: conversationOptions,
  conformance: conformanceOptions,
  redteam: redteamOptions,
  load: loadOptions,
} as const;
