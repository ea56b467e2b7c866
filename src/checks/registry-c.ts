import type { CheckDefinition } from "./types.js";
import cardInterfaces from "./card/interfaces.js";
import cardSkills from "./card/skills.js";
import cardCapabilities from "./card/capabilities.js";
import cardOptionalFields from "./card/optional-fields.js";
import cardWellKnownPath from "./card/well-known-path.js";
import cardPublic from "./card/public.js";
import cardSecurityConsistent from "./card/security-consistent.js";
import cardCacheHeaders from "./card/cache-headers.js";
import authMissingCredentialRefused from "./auth/missing-credential-refused.js";
import authWrongCredentialRefused from "./auth/wrong-credential-refused.js";
import authChallenge from "./auth/challenge.js";
import pushConfigCrud from "./push/config-crud.js";
import pushDelivery from "./push/delivery.js";
import transportTaskVisibleEverywhere from "./transport/task-visible-everywhere.js";
import transportConsistentErrors from "./transport/consistent-errors.js";
import interopCardsValid from "./interop/cards-valid.js";
import interopBothAcceptTasks from "./interop/both-accept-tasks.js";
import interopConcurrentContexts from "./interop/concurrent-contexts.js";
import interopVersionCompatible from "./interop/version-compatible.js";

/** Checks of batch C, in report order (concatenated by index.ts). */
export const batchCChecks: readonly CheckDefinition[] = [
  cardInterfaces,
  cardSkills,
  cardCapabilities,
  cardOptionalFields,
  cardWellKnownPath,
  cardPublic,
  cardSecurityConsistent,
  cardCacheHeaders,
  authMissingCredentialRefused,
  authWrongCredentialRefused,
  authChallenge,
  pushConfigCrud,
  pushDelivery,
  transportTaskVisibleEverywhere,
  transportConsistentErrors,
  interopCardsValid,
  interopBothAcceptTasks,
  interopConcurrentContexts,
  interopVersionCompatible,
];
