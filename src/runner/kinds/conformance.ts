import { z } from "zod";
import { categoryAliases, checkLevels } from "../../checks/types.js";
import { checkCategories, type CheckCategory } from "../../model/finding.js";
import { transportFlags } from "../../model/transport.js";
import { identitiesSchema, pattern, wholeNumber } from "./config-parts.js";
import { defineRunKind } from "./define.js";

/** A conformance test's own keys: hints, which bindings, categories and levels, a peer, other callers. */
export const conformanceOptions = z.object({
  /** Messages that make the agent ask back or keep working (--hint). */
  hints: z
    .object(
      { "input-required": z.string().min(1).optional(), slow: z.string().min(1).optional() },
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

/** The conformance suite (docs/conformance.md) on every binding the card advertises. */
export const conformanceKind = defineRunKind({
  kind: "conformance",
  result: "conformance",
  title: "run the conformance suite on every binding the card advertises",
  options: conformanceOptions,
  reach: "judged",
  // The card is judged by the card checks, whatever strict_card says.
  strictCard: true,
  prepare(run) {
    // Every conformance result lists its findings, none when the run stopped before the checks.
    run.result.findings = [];
  },
  noCard(result) {
    result.findings = [];
    result.scores = { card: 0, conformance: 0 };
    result.conformance_level = "non-conformant";
  },
  async execute(run, reached, request) {
    const { runSuite } = await import("../run-conformance.js");
    return runSuite(run, reached, request);
  },
});
