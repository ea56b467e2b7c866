import { describe, expect, it } from "vitest";
import { oneCheckRunner } from "../../runner/testing/one-check.js";
import check from "./optional-fields.js";

const run = oneCheckRunner(check);

async function finding(flaw?: string) {
  const result = await run("1.0", flaw);
  return result.findings?.find((f) => f.id === check.id);
}

describe("card.optional-fields", () => {
  it("passes the flawless agent, having judged the camelCase spelling of DM-SERIAL-001", async () => {
    expect(await finding()).toMatchObject({ status: "pass", tck: "DM-SERIAL-001" });
  });

  it("fails snake_case field names under DM-SERIAL-001", async () => {
    expect(await finding("card-snake-case")).toMatchObject({ status: "fail", tck: "DM-SERIAL-001" });
  });

  it("fails a malformed documentationUrl without attributing it to the camelCase requirement", async () => {
    const found = await finding("card-bad-documentation-url");
    expect(found).toMatchObject({ status: "fail" });
    expect(found).not.toHaveProperty("tck");
  });
});
