// Strands Agents 1.19 imports `zod` expecting zod 4 (its peer range is ^4.1.12); the lab's other
// frameworks pin zod 3.25, which ships zod 4 at `zod/v4`. This resolve hook gives Strands that copy.
// It touches no A2A code: Strands' tools and structured output are the only users of zod.
export async function resolve(specifier, context, next) {
  if (specifier === "zod" && context.parentURL?.includes("/@strands-agents/sdk/"))
    return next("zod/v4", context);
  return next(specifier, context);
}
