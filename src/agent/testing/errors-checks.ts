import { expect } from "vitest";
import { errorCode, fetchCard, jsonrpc, newTask, type FlawCheck } from "./flaw-probe.js";
import { postRaw, rpc } from "./http-client.js";

/** Error-handling flaw checks: each passes on its flaw and throws on the flawless agent. */
export const ERROR_CHECKS: Record<string, FlawCheck> = {
  "invalid-request-wrong-code": async (probe) => {
    const reply = await postRaw(jsonrpc(probe), '{"not":"jsonrpc"}', probe.dialect.headers);
    expect(errorCode(reply.body)).toBe(-32602);
  },
  "capabilities-half-enforced": async (probe) => {
    const card = await fetchCard(probe);
    expect(card.capabilities).toMatchObject({ streaming: false, pushNotifications: false });
    const task = await newTask(probe);
    const listed = await rpc(
      jsonrpc(probe),
      "ListTaskPushNotificationConfigs",
      { taskId: task.id },
      probe.dialect.headers,
    );
    expect(errorCode(listed.body)).toBeUndefined();
  },
  "message-id-invented": async (probe) => {
    const params = probe.dialect.sendParams("hello") as { message: Record<string, unknown> };
    delete params.message.messageId;
    const reply = await rpc(jsonrpc(probe), probe.dialect.methods.send, params, probe.dialect.headers);
    expect(errorCode(reply.body)).toBeUndefined();
  },
  "parse-error-as-invalid-request": async (probe) => {
    const reply = await postRaw(jsonrpc(probe), '{"jsonrpc": "2.0", "id": ', probe.dialect.headers);
    expect(errorCode(reply.body)).toBe(-32600);
  },
  "content-type-wrong-code": async (probe) => {
    const { dialect } = probe;
    const params = dialect.sendParams("hello") as { message: { parts: unknown[] } };
    const bytes = "cGxhaW53cmlnaHQ=";
    params.message.parts.push(
      dialect.protocol === "1.0"
        ? { raw: bytes, mediaType: "application/x-test", filename: "a.bin" }
        : { kind: "file", file: { name: "a.bin", mimeType: "application/x-test", bytes } },
    );
    const reply = await rpc(jsonrpc(probe), dialect.methods.send, params, dialect.headers);
    expect(errorCode(reply.body)).toBe(-32603);
  },
  "reply-without-content-type": async (probe) => {
    const { dialect } = probe;
    const response = await fetch(jsonrpc(probe), {
      method: "POST",
      headers: { "content-type": "application/json", ...dialect.headers },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: dialect.methods.get, params: { id: "missing" } }),
    });
    expect(response.headers.get("content-type")).toBeNull();
    expect(errorCode((await response.json()) as never)).toBe(-32001);
  },
  "jsonrpc-error-without-info": async (probe) => {
    const { dialect } = probe;
    const reply = await rpc(jsonrpc(probe), dialect.methods.get, { id: "missing-task" }, dialect.headers);
    expect(errorCode(reply.body)).toBe(-32001);
    const data = (reply.body.error as { data?: Array<Record<string, unknown>> }).data ?? [];
    expect(data.length).toBeGreaterThan(0);
    expect(data.map((d) => d["@type"]).filter((t) => String(t).includes("google.rpc"))).toEqual([]);
  },
  "notification-answered": async (probe) => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      method: probe.dialect.methods.get,
      params: { id: "nope" },
    });
    const reply = await postRaw(jsonrpc(probe), body, probe.dialect.headers);
    expect(errorCode(reply.body)).toBe(-32001);
  },
  "null-body-server-error": async (probe) => {
    const reply = await postRaw(jsonrpc(probe), "null", probe.dialect.headers);
    expect({ status: reply.status, code: errorCode(reply.body) }).toEqual({ status: 500, code: -32603 });
  },
  "null-body-parse-error": async (probe) => {
    const reply = await postRaw(jsonrpc(probe), "null", probe.dialect.headers);
    expect(errorCode(reply.body)).toBe(-32700);
  },
  "parse-error-http-400": async (probe) => {
    const reply = await postRaw(jsonrpc(probe), '{"jsonrpc": "2.0", "id": ', probe.dialect.headers);
    expect(reply.status).toBe(400);
    expect(errorCode(reply.body)).toBe(-32700);
  },
  "invalid-params-wrong-code": async (probe) => {
    const { dialect } = probe;
    const reply = await rpc(jsonrpc(probe), dialect.methods.send, { message: 5 }, dialect.headers);
    expect(errorCode(reply.body)).toBe(-32603);
  },
  "get-without-params-crashes": async (probe) => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: probe.dialect.methods.get });
    const reply = await postRaw(jsonrpc(probe), body, probe.dialect.headers);
    expect(errorCode(reply.body)).toBe(-32603);
  },
  "error-id-missing": async (probe) => {
    const { dialect } = probe;
    const numeric = await rpc(jsonrpc(probe), dialect.methods.send, { message: 5 }, dialect.headers, 7);
    expect(numeric.body.error).toBeDefined();
    expect(numeric.body).not.toHaveProperty("id");
    const named = await rpc(jsonrpc(probe), dialect.methods.send, { message: 5 }, dialect.headers, "s");
    expect(named.body.id).toBe("s");
  },
  "bad-request-wedges-task": async (probe) => {
    const { dialect } = probe;
    const task = await newTask(probe);
    await rpc(jsonrpc(probe), dialect.methods.get, { id: task.id, historyLength: "all" }, dialect.headers);
    const after = await rpc(jsonrpc(probe), dialect.methods.get, { id: task.id }, dialect.headers);
    expect(errorCode(after.body)).toBe(-32603);
  },
  "required-extension-ignored": async (probe) => {
    const capabilities = (await fetchCard(probe)).capabilities as { extensions?: { required?: boolean }[] };
    expect(capabilities.extensions?.some((e) => e.required === true)).toBe(true);
    // Sent without A2A-Extensions / X-A2A-Extensions: served all the same.
    const task = await newTask(probe);
    expect(task.id).not.toBe("");
  },
  "version-1-0-refused-yet-served": async (probe) => {
    // A2A-Version 1.0 refused (-32009); the same request without the header served as 1.0 (TaskNotFound).
    const named = { ...probe.dialect.headers, "A2A-Version": "1.0" };
    const refused = await rpc(jsonrpc(probe), "GetTask", { id: "no-such-task" }, named);
    expect(errorCode(refused.body)).toBe(-32009);
    const bare = { "content-type": "application/json" };
    const served = await rpc(jsonrpc(probe), "GetTask", { id: "no-such-task" }, bare);
    expect(errorCode(served.body)).toBe(-32001);
  },
  "empty-version-served-as-1-0": async (probe) => {
    // No A2A-Version: served as 1.0 (TaskNotFound) instead of refused as 0.3 (-32009).
    const headers = { "content-type": "application/json" };
    const reply = await rpc(jsonrpc(probe), "GetTask", { id: "no-such-task" }, headers);
    expect(errorCode(reply.body)).toBe(-32001);
  },
  "rest-invalid-input-500": async (probe) => {
    const base = `${probe.agent.url}/a2a/rest${probe.agent.protocol === "0.3" ? "/v1" : ""}`;
    const reply = await postRaw(`${base}/message:send`, '{"message": 5}', probe.dialect.headers);
    expect(reply.status).toBe(500);
  },
  "rest-unknown-fields-refused": async (probe) => {
    const v03 = probe.agent.protocol === "0.3";
    const base = `${probe.agent.url}/a2a/rest${v03 ? "/v1" : ""}`;
    const message = { messageId: "m-1", role: "ROLE_USER", [v03 ? "content" : "parts"]: [{ text: "Hello" }] };
    const body = JSON.stringify({ message, futureField: true });
    const reply = await postRaw(`${base}/message:send`, body, probe.dialect.headers);
    expect(reply.status).toBe(400);
  },
};
