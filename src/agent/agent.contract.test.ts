import { verifyAgentCardSignature } from "@a2a-js/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent } from "./index.js";
import type { RunningAgent } from "./index.js";
import { signingPayload } from "./card-signing.js";
import { DIALECTS } from "./testing/dialects.js";
import { protectedHeader, signedCard, verifiesOver } from "./testing/signature-checks.js";
import { postSse, resultOf, rpc } from "./testing/http-client.js";

describe.each(["0.3", "1.0"] as const)("the reference agent without flaws, protocol %s", (protocol) => {
  const dialect = DIALECTS[protocol];
  let agent: RunningAgent;
  let endpoint: string;

  beforeAll(async () => {
    agent = await startReferenceAgent({ protocol, slowTaskMs: 20_000 });
    endpoint = `${agent.url}/a2a/jsonrpc`;
  });
  afterAll(() => agent.close());

  const call = (method: string, params: unknown) => rpc(endpoint, method, params, dialect.headers);
  const send = async (text: string, options = {}) => {
    const task = dialect.taskOfSend(
      resultOf(await call(dialect.methods.send, dialect.sendParams(text, options))),
    );
    if (!task) throw new Error("send did not return a task");
    return task;
  };

  it("serves a complete, spec-shaped card at /.well-known/agent-card.json", async () => {
    const response = await fetch(agent.cardUrl, { signal: AbortSignal.timeout(5000) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("etag")).toBeTruthy();
    expect(response.headers.get("cache-control")).toMatch(/max-age/);
    const card = (await response.json()) as Record<string, unknown>;
    expect(card).toMatchObject({
      name: "Plainwright Helpdesk",
      version: "1.2.0",
      capabilities: { streaming: true, pushNotifications: true },
      defaultInputModes: ["text/plain"],
      defaultOutputModes: ["text/plain"],
      provider: {
        organization: expect.any(String) as string,
        url: expect.stringMatching(/^https:/) as string,
      },
    });
    expect((card.skills as unknown[]).length).toBeGreaterThanOrEqual(2);
    if (protocol === "0.3") {
      expect(card).toMatchObject({
        protocolVersion: "0.3.0",
        url: endpoint,
        preferredTransport: "JSONRPC",
        additionalInterfaces: [
          { url: endpoint, transport: "JSONRPC" },
          { url: `${agent.url}/a2a/rest`, transport: "HTTP+JSON" },
          { url: agent.grpcUrl, transport: "GRPC" },
        ],
      });
    } else {
      expect(card.supportedInterfaces).toEqual([
        { url: endpoint, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
        { url: `${agent.url}/a2a/rest`, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
        { url: agent.grpcUrl, protocolBinding: "GRPC", protocolVersion: "1.0" },
      ]);
      // Plain spec JSON: no SDK defaults such as tenant "" or a oneof's $case.
      expect(JSON.stringify(card)).not.toMatch(/"tenant"|"\$case"/);
    }
  });

  it("signs its card (A2A 1.0.1 §8.4): one ES256 JWS over the canonical card, its key in the JWKS the jku names", async () => {
    const { card, signatures, keys } = await signedCard({ agent, dialect });
    expect(signatures).toHaveLength(1);
    const [sig] = signatures;
    if (!sig) return;
    expect(protectedHeader(sig)).toEqual({
      alg: "ES256",
      typ: "JOSE",
      kid: keys[0]?.kid,
      jku: `${agent.url}/.well-known/jwks.json`,
    });
    expect(verifiesOver(sig, signingPayload(card, protocol), keys)).toBe(true);
    expect(keys.every((k) => !("d" in k))).toBe(true);
    if (protocol === "1.0") {
      // The official SDK's verifier (its own JCS and payload rules) accepts it too.
      const verifier = verifyAgentCardSignature((kid) => {
        const key = keys.find((k) => k.kid === kid);
        if (!key) throw new Error(`no key ${kid}`);
        return Promise.resolve(key as never);
      });
      await expect(verifier(card as never)).resolves.toBeUndefined();
    }
  });

  it("turns a message into a completed task with a text artifact echoing the question", async () => {
    const task = await send("Why was I charged twice?");
    expect(task.state).toBe("completed");
    expect(task.artifactTexts.join(" ")).toContain('You asked: "Why was I charged twice?"');
  });

  it("asks a question for an ambiguous message and completes the same task on the follow-up", async () => {
    const first = await send("This is ambiguous");
    expect(first.state).toBe("input-required");
    expect(first.statusText).toMatch(/\?/);
    const second = await send("A refund, please", { taskId: first.id, contextId: first.contextId });
    expect(second).toMatchObject({ id: first.id, contextId: first.contextId, state: "completed" });
  });

  it("cancels a slow task promptly", async () => {
    const working = await send("please be slow", { returnImmediately: true });
    expect(["submitted", "working"]).toContain(working.state);
    // A cancel that waited for the slow work would outlast the test's own timeout.
    const canceled = dialect.task(resultOf(await call(dialect.methods.cancel, { id: working.id })));
    expect(canceled.state).toBe("canceled");
  });

  it("streams the task, working, the artifact and a final completed status, then closes", async () => {
    const body = {
      jsonrpc: "2.0",
      id: 7,
      method: dialect.methods.stream,
      params: dialect.sendParams("stream it"),
    };
    const { contentType, events } = await postSse(endpoint, body, dialect.headers);
    expect(contentType).toMatch(/^text\/event-stream/);
    expect(events.every((event) => event.id === 7)).toBe(true);
    const views = events.map((event) => dialect.event(event.result));
    expect(views.map((view) => view.kind)).toEqual(["task", "status", "artifact", "status"]);
    expect(views[1]?.state).toBe("working");
    expect(views.at(-1)?.state).toBe("completed");
    if (protocol === "0.3") expect(views.map((view) => view.final)).toEqual([false, false, false, true]);
  });

  it("keeps the contextId a message carries", async () => {
    const first = await send("first question");
    const second = await send("second question", { contextId: first.contextId });
    expect(second.contextId).toBe(first.contextId);
    expect(second.id).not.toBe(first.id);
  });

  it("returns history and artifacts from a task read", async () => {
    const sent = await send("Where is my refund?");
    const task = dialect.task(resultOf(await call(dialect.methods.get, { id: sent.id })));
    expect(task.state).toBe("completed");
    expect(task.artifactTexts.join(" ")).toContain("Where is my refund?");
    expect(task.history?.length).toBeGreaterThanOrEqual(1);
  });

  it("serves the HTTP+JSON binding the card lists", async () => {
    const [path, message] =
      protocol === "0.3"
        ? ["/v1/message:send", { messageId: "rest-1", role: "ROLE_USER", content: [{ text: "REST hello" }] }]
        : ["/message:send", { messageId: "rest-1", role: "ROLE_USER", parts: [{ text: "REST hello" }] }];
    const response = await fetch(`${agent.url}/a2a/rest${path}`, {
      method: "POST",
      headers: dialect.headers,
      body: JSON.stringify({ message }),
      signal: AbortSignal.timeout(5000),
    });
    expect(response.ok).toBe(true);
    const body = (await response.json()) as { task?: { status?: { state?: string } } };
    expect(body.task?.status?.state).toBe("TASK_STATE_COMPLETED");
  });

  it("answers an unknown task with TaskNotFound (-32001)", async () => {
    const reply = await call(dialect.methods.get, { id: "no-such-task" });
    expect(reply.body.error).toMatchObject({ code: -32001 });
  });
});
