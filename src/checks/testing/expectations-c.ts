import type { FlawExpectation } from "./expectations.js";

// The token auth rows send; the conform helper starts their agent with it (ReferenceAgentOptions.bearerToken).
const bearer = "plainwright-conformance-token";

/** Flaw expectations for check batch C (see expectations.ts). */
export const batchC: FlawExpectation[] = [
  { flaw: "card-interfaces-not-list", protocol: "0.3", failing: ["card.interfaces"] },
  // A skill without an id is also a missing required field, so both card checks report it.
  { flaw: "card-skill-missing-id", protocol: "1.0", failing: ["card.required-fields", "card.skills"] },
  { flaw: "card-capability-not-boolean", protocol: "1.0", failing: ["card.capabilities"] },
  { flaw: "card-bad-documentation-url", protocol: "0.3", failing: ["card.optional-fields"] },
  { flaw: "card-legacy-path-only", protocol: "1.0", failing: ["card.well-known-path"] },
  { flaw: "card-no-cache-headers", protocol: "1.0", failing: ["card.cache-headers"] },
  { flaw: "card-behind-auth", protocol: "0.3", failing: ["card.public"], bearer },
  { flaw: "auth-undeclared", protocol: "1.0", failing: ["card.security-consistent"], bearer },
  {
    flaw: "auth-not-enforced",
    protocol: "1.0",
    failing: ["card.security-consistent", "auth.missing-credential-refused", "auth.wrong-credential-refused"],
    bearer,
  },
  { flaw: "auth-any-token", protocol: "0.3", failing: ["auth.wrong-credential-refused"], bearer },
  { flaw: "auth-no-challenge", protocol: "1.0", failing: ["auth.challenge"], bearer },
  // A config that is never stored is never delivered either.
  { flaw: "push-config-not-stored", protocol: "1.0", failing: ["push.config-crud", "push.delivery"] },
  { flaw: "push-no-delivery", protocol: "0.3", failing: ["push.delivery"] },
  { flaw: "push-wrong-token", protocol: "1.0", failing: ["push.delivery"] },
  { flaw: "separate-task-stores", protocol: "0.3", failing: ["transport.task-visible-everywhere"] },
  { flaw: "inconsistent-push-errors", protocol: "1.0", failing: ["transport.consistent-errors"] },
];
