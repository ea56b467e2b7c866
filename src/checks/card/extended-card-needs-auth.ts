import { a2aCodes } from "../../protocol/error-codes.js";
import { isObject } from "../../model/json.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { probeWithoutCredentials } from "../support/auth-probe.js";

/** Values ProtoJSON leaves out (A2A 1.0 §5.6): a card read over gRPC omits what an HTTP card may spell out. */
function isDefault(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === "" || value === 0) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value).length === 0;
}

/** A card as JSON with sorted keys and no defaults, so two spellings of one card compare equal. */
function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (!isObject(value)) return value;
  const entries = Object.keys(value)
    .sort()
    .map((key) => [key, normalised(value[key])] as const)
    .filter(([, v]) => !isDefault(v));
  return Object.fromEntries(entries);
}

/**
 * The top-level fields in which a returned card differs from the public one. `signatures` is left out:
 * a signature over the same card (A2A 1.0.1 §8.4) discloses nothing more.
 */
export function fieldsBeyondPublicCard(returned: unknown, publicCard: unknown): string[] {
  const a = normalised(returned);
  const b = normalised(publicCard);
  if (!isObject(a) || !isObject(b)) return ["(the whole card)"];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete("signatures");
  return [...keys].sort().filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

export default defineCheck({
  id: "card.extended-card-needs-auth",
  title: "The extended agent card is not served without credentials",
  category: "card",
  level: "MUST",
  requirement:
    "When the card claims capabilities.extendedAgentCard, GetExtendedAgentCard without credentials is refused (HTTP 401/403, gRPC UNAUTHENTICATED/PERMISSION_DENIED), or serves nothing beyond the public card.",
  spec: "A2A 1.0 §13.3 (extended agent card access control), §3.1.11 (Get Extended Agent Card)",
  tck: ["CARD-EXT-001"],
  quote: {
    spec: "A2A 1.0.1 §13.3",
    text: "The Get Extended Agent Card operation MUST require authentication",
  },
  recommendation:
    "Authenticate GetExtendedAgentCard with a scheme the public card declares, as every other operation: refuse a request without credentials with 401 (gRPC UNAUTHENTICATED) before building the extended card.",
  selfTest: [{ flaw: "extended-card-without-auth", protocols: ["1.0"], violates: ["CARD-EXT-001"] }],
  allowed: [
    {
      behaviour:
        "Answering a GetExtendedAgentCard without credentials with the public card itself (the @a2a-js SDK does so for an extended card given as an object): nothing beyond the public card is served",
      clause:
        "A2A 1.0.1 §13.3: Agents MUST validate that clients have appropriate permissions before returning privileged information in extended cards",
    },
  ],
  scope: "transport",
  needs: ["extendedAgentCard"],
  generations: ["1.0"],
  run: async (ctx) => {
    const probe = await probeWithoutCredentials(ctx, "missing", (client) => client.getExtendedCard());
    const without = "GetExtendedAgentCard without credentials";
    if (probe.inconclusive) return skip(`${without} got no answer: ${probe.inconclusive}`);
    if (probe.refused) return pass(`${without} was refused with ${probe.answer}`, probe.evidence);
    const { outcome } = probe;
    if (outcome.ok) {
      const beyond = fieldsBeyondPublicCard(outcome.value, ctx.rawCard);
      if (beyond.length === 0)
        return pass(
          `${without} returned the public card itself: nothing beyond it was served without credentials`,
          probe.evidence,
        );
      return fail(
        `${without} was answered with ${probe.answer}: a card that differs from the public one in ${beyond.join(", ")}, served to a caller without credentials`,
        probe.evidence,
      );
    }
    if (outcome.kind === "error" && outcome.error.code === a2aCodes.extendedCardNotConfigured)
      return pass(
        `${without} answered ExtendedAgentCardNotConfigured (-32007): no extended card to protect`,
        probe.evidence,
      );
    // Any other answer is card.extended-card's finding (it makes the same call): reported there, once.
    return skip(
      `${without} was answered with ${probe.answer}, neither a refusal nor a card; card.extended-card judges that answer`,
    );
  },
});
