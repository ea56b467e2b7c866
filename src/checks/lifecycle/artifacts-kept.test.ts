import { describe, expect, it } from "vitest";
import { handCard01, rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import artifactsKept from "./artifacts-kept.js";

const startRawAgent = rawAgentsClosedAfterAll();

/** How a hand-written A2A 0.1 agent delivers its output, and what its store keeps of it. */
interface Agent01 {
  /** tasks/send answers the completed task with its artifact. */
  sendsArtifact: boolean;
  /** The card claims streaming: tasks/sendSubscribe delivers the artifact as TaskArtifactUpdateEvents. */
  streams?: { chunks: number };
  /**
   * tasks/get returns the artifact the task produced; else `artifacts: []`, as a store that keeps none, or
   * (`unknown`) TaskNotFound, a task not kept at all.
   */
  keeps: boolean | "unknown";
  /** The first tasks/get of each task answers TaskNotFound: the task is stored a moment after it ended. */
  storesLate?: boolean;
  /** tasks/get runs the agent again and returns another answer under the same artifact (seen at first sight). */
  rereads?: boolean;
}

const ARTIFACT = { name: "answer", index: 0, parts: [{ type: "text", text: "echo" }] };

/**
 * A hand-written A2A 0.1 agent (0.1 §7.1-7.3): every task completes at once with one artifact, given in the
 * send's reply or streamed in chunks of one index (0.1 §7.2.3 append, lastChunk), and read back as `keeps` says.
 */
function agent01({ sendsArtifact, streams, keeps, storesLate, rereads }: Agent01): Promise<string> {
  const read = new Set<string>();
  return startRawAgent((call, res, url) => {
    if (!call) {
      res.setHeader("content-type", "application/json");
      const card = handCard01(url);
      return void res.end(JSON.stringify({ ...card, capabilities: { streaming: !!streams } }));
    }
    const id = typeof call.params.id === "string" ? call.params.id : "t1";
    const task = (artifacts: unknown[]) => ({ id, status: { state: "completed" }, artifacts });
    if (call.method === "tasks/sendSubscribe" && streams) {
      res.setHeader("content-type", "text/event-stream");
      const chunk = (i: number) => ({
        id,
        artifact: { ...ARTIFACT, append: i > 0, lastChunk: i === streams.chunks - 1 },
      });
      const events = [
        { id, status: { state: "working" }, final: false },
        ...Array.from({ length: streams.chunks }, (_, i) => chunk(i)),
        { id, status: { state: "completed" }, final: true },
      ];
      for (const result of events)
        res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result })}\n\n`);
      return void res.end();
    }
    res.setHeader("content-type", "application/json");
    const unstored = storesLate && call.method === "tasks/get" && !read.has(id);
    if (call.method === "tasks/get") read.add(id);
    const answer = unstored
      ? { error: { code: -32001, message: "Task not found" } }
      : call.method === "tasks/send"
        ? { result: task(sendsArtifact ? [ARTIFACT] : []) }
        : call.method === "tasks/get" && keeps !== "unknown"
          ? {
              result: task(
                keeps
                  ? [rereads ? { ...ARTIFACT, parts: [{ type: "text", text: "another" }] } : ARTIFACT]
                  : [],
              ),
            }
          : { error: { code: keeps === "unknown" ? -32001 : -32601, message: "refused" } };
    res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...answer }));
  });
}

const verdictOn = async (url: string) =>
  (await verdictsOn(url, [artifactsKept])).get("lifecycle.artifacts-kept");

describe("lifecycle.artifacts-kept on A2A 0.1 agents", () => {
  it("fails an agent whose tasks/get answers artifacts: [] for a task its tasks/send reply gave an artifact", async () => {
    const finding = await verdictOn(await agent01({ sendsArtifact: true, keeps: false }));
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /^the send's reply of task \S+ delivered 1 artifact\(s\); read back \(completed\), the task holds 0: 1 of those delivered missing \(first: "answer" \(index 0\)\)$/,
    );
  });

  it("passes an agent whose tasks/get returns the artifact the send's reply gave", async () => {
    const finding = await verdictOn(await agent01({ sendsArtifact: true, keeps: true }));
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/^task \S+ kept the 1 artifact\(s\) the send's reply delivered$/);
  });

  it("fails an agent whose stream delivers an artifact that tasks/get of the task no longer has", async () => {
    const finding = await verdictOn(
      await agent01({ sendsArtifact: false, streams: { chunks: 1 }, keeps: false }),
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/^the stream of task \S+ delivered 1 artifact\(s\); .*holds 0/);
  });

  it("fails a streamed artifact lost by a store that writes the task only a moment after the stream ended", async () => {
    // Seen at first sight: a 0.1 proxy stores a task when its backend answers, and keeps only its status.
    const finding = await verdictOn(
      await agent01({ sendsArtifact: false, streams: { chunks: 1 }, keeps: false, storesLate: true }),
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /^the stream of task \S+ delivered 1 artifact\(s\); read back \(completed\), the task holds 0/,
    );
  });

  it("counts an artifact streamed in appended chunks once, and passes it kept whole", async () => {
    const finding = await verdictOn(
      await agent01({ sendsArtifact: true, streams: { chunks: 3 }, keeps: true }),
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(
      /the send's reply delivered; task \S+ kept the 1 artifact\(s\) the stream delivered$/,
    );
  });

  it("leaves a task that cannot be read back to lifecycle.get-task, naming it", async () => {
    const finding = await verdictOn(await agent01({ sendsArtifact: true, keeps: "unknown" }));
    expect(finding).toMatchObject({ status: "skip" });
    expect(finding?.message).toMatch(/reading task \S+ back: .*-32001.* \(lifecycle\.get-task reports it\)$/);
  });

  it("does not apply to a task that finished without artifacts", async () => {
    const finding = await verdictOn(await agent01({ sendsArtifact: false, keeps: false }));
    expect(finding).toMatchObject({ status: "skip", applicable: false });
    expect(finding?.message).toMatch(/no finished task was delivered with artifacts: .* carried no artifact/);
  });

  it("fails a read whose artifact says something else than the send's reply said (the agent run again; seen at first sight)", async () => {
    const finding = await verdictOn(await agent01({ sendsArtifact: true, keeps: true, rereads: true }));
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/saying "echo"; read back, it says "another"/);
  });
});
