import { describe, expect, it } from "vitest";
import { cutShortByDrop } from "./drop-baseline.js";

describe("cutShortByDrop", () => {
  it("names a dropped run that ended in under half the time with less output", () => {
    expect(cutShortByDrop({ ms: 1000, chars: 18 }, { ms: 2500, chars: 90 })).toMatch(
      /ended within 1.0 s of its send with 18 character\(s\) of output, while .* took 2.5 s and produced 90/,
    );
  });

  it("leaves a run that only differs in pace or only in length: answers vary from run to run", () => {
    expect(cutShortByDrop({ ms: 1000, chars: 90 }, { ms: 2500, chars: 90 })).toBeUndefined();
    expect(cutShortByDrop({ ms: 1400, chars: 18 }, { ms: 2500, chars: 90 })).toBeUndefined();
  });
});
