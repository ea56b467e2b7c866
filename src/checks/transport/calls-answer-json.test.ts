import { describe, expect, it } from "vitest";
import { handCard03, rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import callsAnswerJson from "./calls-answer-json.js";

const startRawAgent = rawAgentsClosedAfterAll();

/**
 * A 0.3 agent whose every call is refused TaskNotFound, written as an event stream when `streamWhen` says so
 * for the request's Accept header.
 */
function refusesEveryCall(streamWhen: (accept: string) => boolean): Promise<string> {
  return startRawAgent((call, res, url) => {
    if (!call) {
      res.setHeader("content-type", "application/json");
      return void res.end(JSON.stringify(handCard03(url)));
    }
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: call.id,
      error: { code: -32001, message: "Task not found" },
    });
    if (streamWhen(call.accept ?? "")) {
      res.setHeader("content-type", "text/event-stream");
      return void res.end(`data: ${body}\n\n`);
    }
    res.setHeader("content-type", "application/json");
    res.end(body);
  });
}

const judged = async (streamWhen: (accept: string) => boolean) =>
  (await verdictsOn(await refusesEveryCall(streamWhen), [callsAnswerJson], "JSONRPC")).get(
    "transport.calls-answer-json",
  );

describe("transport.calls-answer-json", () => {
  it("fails an agent that answers tasks/get as an event stream once the client accepts one", async () => {
    const finding = await judged((accept) => accept.includes("text/event-stream"));
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(
      /tasks\/get of a missing task with "Accept: application\/json, text\/event-stream" was answered as an event stream/,
    );
  });

  it("passes an agent whose calls are JSON whatever the client accepts", async () => {
    expect(await judged(() => false)).toMatchObject({ status: "pass" });
  });

  it("leaves an agent that streams every call to the check of the call itself", async () => {
    const finding = await judged(() => true);
    expect(finding).toMatchObject({ status: "skip" });
    expect(finding?.message).toMatch(/even to Accept: application\/json/);
  });
});
