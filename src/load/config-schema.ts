import { z } from "zod";
import { loadRequestOf, resolveLoadSettings, type LoadConfig } from "./settings.js";
import { parseThreshold } from "./thresholds.js";

/** config.load in a test file of kind "load" (docs/load.md); thresholds are checked as they are read. */
export const loadConfigSchema: z.ZodType<LoadConfig> = z
  .object({
    concurrency: z.number({ error: "must be a number" }).int("must be a whole number").optional(),
    duration_s: z.number({ error: "must be a number of seconds" }).positive("must be positive").optional(),
    requests: z.number({ error: "must be a number" }).int("must be a whole number").optional(),
    rate: z.number({ error: "must be requests per second" }).positive("must be positive").optional(),
    ramp_s: z.number({ error: "must be a number of seconds" }).min(0, "must not be negative").optional(),
    stream: z.boolean({ error: "must be true or false" }).optional(),
    message: z.string({ error: "must be a string" }).min(1, "must not be empty").optional(),
    thresholds: z
      .array(
        z.string({ error: "must be a string" }).superRefine((expression, ctx) => {
          try {
            parseThreshold(expression);
          } catch (error) {
            ctx.addIssue({ code: "custom", message: (error as Error).message });
          }
        }),
        { error: 'must be a list such as ["p99 < 2s", "errors < 1%"]' },
      )
      .optional(),
    /** The host of a target that is not loopback, named to confirm it may be loaded. */
    confirm_target: z.string({ error: "must be a host name" }).min(1, "must not be empty").optional(),
  })
  .strict()
  // The bounds a run applies (concurrency, duration, rate, ramp against duration), checked when the test is
  // read or saved: the same rule, so a test that is accepted can run.
  .superRefine((config, ctx) => {
    try {
      resolveLoadSettings(loadRequestOf(config), 1000);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message });
    }
  });
