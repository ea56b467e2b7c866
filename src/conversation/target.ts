import { z } from "zod";

/** docs/test-files.md, "A2A as a target elsewhere": `{"type": "a2a", "agent_url": "..."}` in conversation and red-team tests. */
export const a2aTargetSchema = z.object({
  type: z.literal("a2a"),
  agent_url: z.string().min(1, "is required"),
  headers: z.record(z.string(), z.string()).optional(),
});
