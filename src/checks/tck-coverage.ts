import { authVersioningInteropRequirements } from "./tck/auth-versioning-interop.js";
import { bindingRequirements } from "./tck/bindings.js";
import { cardAndCoreRequirements } from "./tck/card-and-core.js";
import { modelStreamingPushRequirements } from "./tck/model-streaming-push.js";
import type { TckRequirement } from "./tck/requirement.js";

/** Every requirement id of the TCK's requirement modules, in the TCK's order (one file per group of modules). */
export const tckRequirements: readonly TckRequirement[] = [
  ...cardAndCoreRequirements,
  ...modelStreamingPushRequirements,
  ...authVersioningInteropRequirements,
  ...bindingRequirements,
];
