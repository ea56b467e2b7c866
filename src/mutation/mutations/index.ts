import type { Mutation } from "../types.js";
import { authMutations } from "./auth.js";
import { bindingDeclarationMutations, bindingMutations } from "./bindings.js";
import { requestReadingMutations } from "./request-reading.js";
import { unservedMethodMutations } from "./unserved-methods.js";
import { capabilityMutations } from "./capabilities.js";
import { cardAccessMutations } from "./card-access.js";
import { cardHttpMutations } from "./card-http.js";
import { cardMutations } from "./card.js";
import { cardSignatureMutations } from "./card-signature.js";
import { continuationMutations } from "./continuation.js";
import { crossBindingMutations } from "./cross-binding.js";
import { dataModelMutations } from "./data-model.js";
import { declaredRefusalMutations } from "./declared-refusals.js";
import { errorIdMutations } from "./error-ids.js";
import { errorMutations } from "./errors.js";
import { invalidInputMutations } from "./invalid-input.js";
import { errorDetailMutations } from "./error-details.js";
import { versionMutations } from "./versions.js";
import { historyMutations } from "./history.js";
import { interopMutations } from "./interop.js";
import { lifecycleMutations } from "./lifecycle.js";
import { listingMutations } from "./listing.js";
import { listPagingMutations } from "./list-paging.js";
import { messagePartMutations } from "./message-parts.js";
import { operationMutations } from "./operations.js";
import { pushDeliveryMutations } from "./push-delivery.js";
import { pushIdMutations } from "./push-ids.js";
import { schemaMutations } from "./schema.js";
import { streamShapeMutations } from "./stream-shape.js";
import { streamingMutations } from "./streaming.js";
import { streamEndMutations } from "./stream-endings.js";
import { streamUpdateMutations01 } from "./stream-updates-0-1.js";
import { subscriptionMutations } from "./subscriptions.js";
import { taskOutcomeMutations } from "./task-outcomes.js";
import { taskMutations } from "./tasks.js";

/** Every deviation the proxy can play, in one list (ids unique, each with the check it must fail). */
export const MUTATIONS: readonly Mutation[] = [
  ...cardMutations,
  ...cardSignatureMutations,
  ...errorMutations,
  ...invalidInputMutations,
  ...errorDetailMutations,
  ...versionMutations,
  ...errorIdMutations,
  ...lifecycleMutations,
  ...historyMutations,
  ...taskMutations,
  ...listingMutations,
  ...listPagingMutations,
  ...streamingMutations,
  ...streamEndMutations,
  ...streamUpdateMutations01,
  ...streamShapeMutations,
  ...subscriptionMutations,
  ...capabilityMutations,
  ...dataModelMutations,
  ...operationMutations,
  ...taskOutcomeMutations,
  ...schemaMutations,
  ...bindingMutations,
  ...bindingDeclarationMutations,
  ...unservedMethodMutations,
  ...requestReadingMutations,
  ...messagePartMutations,
  ...cardHttpMutations,
  ...crossBindingMutations,
  ...pushDeliveryMutations,
  ...pushIdMutations,
  ...continuationMutations,
  ...authMutations,
  ...cardAccessMutations,
  ...declaredRefusalMutations,
  ...interopMutations,
];
