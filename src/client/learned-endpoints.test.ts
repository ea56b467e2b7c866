import { describe, expect, it } from "vitest";
import { LearnedEndpointsMemory } from "./learned-endpoints.js";

describe("what a run learned of its endpoints", () => {
  it("keeps the first part form learned for an endpoint, and each endpoint's apart", () => {
    const memory = new LearnedEndpointsMemory();
    memory.learnPartForm("0.3 http://a", { form: "0.1", refusal: "-32602" });
    memory.learnPartForm("0.3 http://a", { form: "1.0", refusal: "later" });
    expect(memory.partForm("0.3 http://a")).toEqual({ form: "0.1", refusal: "-32602" });
    expect(memory.partForm("0.3 http://b")).toBeUndefined();
  });

  it("keeps a send learned as unserved apart from the endpoint's part form", () => {
    const memory = new LearnedEndpointsMemory();
    memory.learnSendByStream("0.3 http://a", "MethodNotFound (-32601)");
    expect(memory.sendRefusal("0.3 http://a")).toBe("MethodNotFound (-32601)");
    expect(memory.partForm("0.3 http://a")).toBeUndefined();
    expect(memory.sendRefusal("1.0 http://a")).toBeUndefined();
  });

  it("remembers which endpoints took a message in the spec's own form", () => {
    const memory = new LearnedEndpointsMemory();
    expect(memory.tookSpecifiedForm("1.0 HTTP+JSON http://a")).toBe(false);
    memory.noteSpecifiedFormTaken("1.0 HTTP+JSON http://a");
    expect(memory.tookSpecifiedForm("1.0 HTTP+JSON http://a")).toBe(true);
    expect(memory.tookSpecifiedForm("1.0 http://a")).toBe(false);
  });
});
