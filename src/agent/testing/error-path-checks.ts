import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { errorCode, jsonrpc, type FlawCheck, type FlawProbe } from "./flaw-probe.js";
import { rpc } from "./http-client.js";
import { pushParams, sentTaskId } from "./push-checks.js";

type Json = Record<string, unknown>;

const call = (probe: FlawProbe, method: string, params: unknown, headers = probe.dialect.headers) =>
  rpc(jsonrpc(probe), method, params, headers);

/** Error-path flaw checks (unknown ids, repeated deletes, capabilities, versions): each passes on its flaw. */
export const ERROR_PATH_CHECKS: Record<string, FlawCheck> = {
  "subscribe-unknown-wrong-code": async (probe) => {
    const reply = await call(probe, "SubscribeToTask", { id: `missing-${randomUUID()}` });
    expect(errorCode(reply.body as Json)).toBe(-32603);
  },
  "push-delete-twice-fails": async (probe) => {
    const params = pushParams(probe, await sentTaskId(probe));
    await call(probe, "CreateTaskPushNotificationConfig", params.set);
    expect((await call(probe, "DeleteTaskPushNotificationConfig", params.get)).body.error).toBeUndefined();
    const again = await call(probe, "DeleteTaskPushNotificationConfig", params.get);
    expect(errorCode(again.body as Json)).toBe(-32603);
  },
  "extended-card-wrong-error": async (probe) => {
    expect(errorCode((await call(probe, "GetExtendedAgentCard", {})).body as Json)).toBe(-32007);
  },
  "version-header-ignored": async (probe) => {
    const headers = { ...probe.dialect.headers, "A2A-Version": "99.0" };
    const reply = await call(probe, "GetTask", { id: `missing-${randomUUID()}` }, headers);
    expect(errorCode(reply.body as Json)).toBe(-32001);
  },
};
