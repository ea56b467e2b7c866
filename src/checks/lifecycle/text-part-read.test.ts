import { describe, expect, it } from "vitest";
import { oneCheckRunner } from "../../runner/testing/one-check.js";
import { handAgentsClosedAfterAll, handCard03, verdictsOn } from "../../runner/testing/hand-agent.js";
import check from "./text-part-read.js";

const run = oneCheckRunner(check);
const startHandAgent = handAgentsClosedAfterAll();

type Part = { kind?: string; type?: string; text?: string };

/** How a hand-written agent reads the text of the parts it is sent. */
type Reading = (parts: Part[]) => string;

const byKind: Reading = (parts) => parts.map((p) => (p.kind === "text" ? (p.text ?? "") : "")).join("");
/** The first-sight servers: only 0.1's `type` is read, so a 0.3 part reaches the agent empty. */
const byTypeOnly: Reading = (parts) => parts.map((p) => (p.type === "text" ? (p.text ?? "") : "")).join("");

/**
 * A 0.3 agent that answers every send with a Message: `reply` gives its text from what it read. With
 * `refusesEmpty`, a message it reads as empty is refused with a server error of its own (-32000), as an agent
 * checking its input may (one that answers invalid params is sent the message in another form instead).
 */
async function agentReading(
  read: Reading,
  reply = (text: string) => `echo: ${text}`,
  refusesEmpty = false,
): Promise<string> {
  let calls = 0;
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard03(url);
    if (request.method !== "message/send") return { error: { code: -32601, message: "Method not found" } };
    const message = (request.params as { message?: { parts?: Part[] } }).message;
    calls += 1;
    const text = read(message?.parts ?? []);
    if (refusesEmpty && text === "") return { error: { code: -32000, message: "Input is empty" } };
    const parts = [{ kind: "text", text: reply(text) }];
    return { result: { kind: "message", messageId: `m${calls}`, role: "agent", parts } };
  });
  return agent.url;
}

const verdict = async (url: string) => (await verdictsOn(url, [check])).get(check.id);

describe("lifecycle.text-part-read", () => {
  it("passes the reference agent 0.3, whose answer repeats the message it was sent", async () => {
    const found = (await run("0.3")).findings?.filter((f) => f.id === check.id) ?? [];
    expect(found.map((f) => `${f.transport} ${f.status}`)).toContain("JSONRPC pass");
  });

  it("fails the reference agent that reads a text part only under 0.1's type", async () => {
    const found = (await run("0.3", "text-part-needs-type")).findings?.find(
      (f) => f.id === check.id && f.transport === "JSONRPC",
    );
    expect(found).toMatchObject({ status: "fail", level: "MUST" });
  });

  it("fails an echo agent that reads only type (seen at first sight: every spec-shaped message ran as empty input)", async () => {
    const finding = await verdict(await agentReading(byTypeOnly));
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(/reads only the older part form/);
  });

  it("fails an agent that reads only type and refuses the empty input it reads in every spec-shaped message with an error of its own", async () => {
    const finding = await verdict(await agentReading(byTypeOnly, undefined, true));
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(
      /alone failed \(.*-32000.*\), the failed send lifecycle\.send-returns-task reports: it reads only the older part form/,
    );
  });

  it("passes an echo agent that reads kind but refuses one send of two", async () => {
    let sends = 0;
    const once: Reading = (parts) => {
      const text = byKind(parts);
      if (!text.includes("plainwright-") || parts.some((p) => p.type)) return text;
      sends += 1;
      return sends === 1 ? "" : text;
    };
    const finding = await verdict(
      await agentReading(once, (text) => (text.includes("plainwright-") ? `echo: ${text}` : "Hi."), true),
    );
    expect(finding).toMatchObject({ status: "pass" });
  });

  it("passes an echo agent that reads kind", async () => {
    expect(await verdict(await agentReading(byKind))).toMatchObject({ status: "pass" });
  });

  it("shows nothing on an agent whose answers never repeat what it is sent", async () => {
    const finding = await verdict(await agentReading(byTypeOnly, () => "Hello from the agent."));
    expect(finding).toMatchObject({ status: "skip" });
    expect(finding?.message).toMatch(/do not repeat what it is sent/);
  });

  it("passes an agent that leaves out the code once, as a model may, and repeats it on the second try", async () => {
    // The first code sent in 0.3's form alone goes unrepeated; the dual form's and the second one are.
    let forgotten = false;
    const forgetful: Reading = (parts) => {
      const text = byKind(parts);
      if (forgotten || !text.includes("plainwright-") || parts.some((p) => p.type)) return text;
      forgotten = true;
      return "";
    };
    const finding = await verdict(await agentReading(forgetful));
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/on the second try/);
  });
});
