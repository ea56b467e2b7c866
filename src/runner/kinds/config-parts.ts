import { z } from "zod";
import { protocolGenerations } from "../../model/generation.js";
import { headerProblem } from "../../net/header-syntax.js";
import { parseEndpointOverride } from "../endpoint-override.js";
import { timeoutBounds } from "../timeout-bounds.js";

/** A non-empty string, trimmed. */
export const text = z.string({ error: "must be a string" }).trim().min(1, "must not be empty").optional();

/** A whole number within bounds. */
export const wholeNumber = ({ min, max }: { min: number; max: number }) =>
  z
    .number({ error: "must be a number" })
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be from ${min} to ${max}`)
    .max(max, `must be from ${min} to ${max}`)
    .optional();

// 0 would be a pass that cannot fail: a bar is above 0 and at most 1.
export const fraction = z
  .number({ error: "must be a number above 0, at most 1" })
  .gt(0, "must be above 0 (0 is a pass that cannot fail), at most 1")
  .max(1, "must be above 0, at most 1")
  .optional();

/** A case-insensitive regular expression, checked when the test is read. */
export const pattern = z
  .string({ error: "must be a string" })
  .refine(
    (v) => {
      try {
        new RegExp(v, "i");
        return true;
      } catch {
        return false;
      }
    },
    { error: "must be a regular expression" },
  )
  .optional();

/**
 * Request headers, names and values checked with the file's other problems (RFC 9110 §5.1, §5.5): a CR/LF
 * or a space in a name is the file's error, not a failure at the network later.
 */
export const headersSchema = z
  .record(z.string(), z.string({ error: "must be a string" }))
  .superRefine((headers, ctx) => {
    for (const [name, value] of Object.entries(headers)) {
      const problem = headerProblem(name, value);
      if (problem) ctx.addIssue({ code: "custom", message: problem, path: [name] });
    }
  });

/** Other callers of the agent: the red team's cross-context pack and the conformance task-scope checks. */
export const identitiesSchema = z
  .array(
    z.object({ name: z.string().min(1), headers: headersSchema }, { error: 'must be {"name", "headers"}' }),
    { error: "must be a list of identities" },
  )
  .optional();

/** The keys every test's config has, whatever its kind: how the agent is reached (docs/test-files.md). */
export const connectionShape = {
  agent_url: z
    .string({ error: "is required (the agent's URL)" })
    .min(1, "is required")
    // A URL read from a secret ({{secrets.NAME}}) is checked once resolved, when the run starts.
    .refine((v) => v.includes("{{") || /^https?:\/\/[^/?#\s]+/i.test(v.trim()), {
      error: "must be an http:// or https:// URL with a host",
    })
    .describe("the agent's base URL or card URL (http or https)"),
  headers: headersSchema.default({}),
  strict_card: z.boolean({ error: "must be true or false" }).default(true),
  timeout_s: z
    .number({ error: "must be a number" })
    .int("must be a whole number of seconds")
    .min(timeoutBounds.min, `must be from ${timeoutBounds.min} to ${timeoutBounds.max}`)
    .max(timeoutBounds.max, `must be from ${timeoutBounds.min} to ${timeoutBounds.max}`)
    .default(timeoutBounds.default),
  /** The binding a run talks over (default the endpoint's, else jsonrpc). */
  transport: z.enum(["jsonrpc", "rest", "grpc"], { error: "must be jsonrpc, rest or grpc" }).optional(),
  /** The A2A version to speak without negotiating it on the wire (--protocol). */
  protocol: z.enum(protocolGenerations, { error: `must be ${protocolGenerations.join(", ")}` }).optional(),
  /** URL[@binding]: the interface to test whatever the card says, or without a card. */
  endpoint: z
    .string({ error: "must be a string" })
    .refine((v) => typeof parseEndpointOverride(v) !== "string", {
      error: "must be an http(s) URL, optionally followed by @jsonrpc, @rest or @grpc",
    })
    .optional(),
};
