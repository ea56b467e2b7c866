import { describe, it } from "vitest";
import { expectFlawFailsItsChecks, flawTable } from "./testing/flaw-table.js";
import { referenceConformer } from "./testing/reference-conform.js";

// The flaw table is split by protocol into two files, so that its two halves run on two workers at once.
const { conform } = referenceConformer();

describe("each flaw fails exactly the checks it should, A2A 1.0", () => {
  it.concurrent.each(flawTable("1.0").map((e) => [e.flaw, e] as const))("%s", (_name, e) =>
    expectFlawFailsItsChecks(conform, e),
  );
});
