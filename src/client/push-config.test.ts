import { describe, expect, it } from "vitest";
import { pushSetParams, sendParams } from "./jsonrpc-params.js";
import { pushConfigBody, sendBody } from "./rest/bodies.js";
import type { PushConfig } from "./types.js";

const config: PushConfig = {
  id: "c1",
  url: "http://127.0.0.1:9/hook",
  token: "tok",
  authentication: { scheme: "Bearer", credentials: "secret" },
};
const nested = {
  id: "c1",
  url: "http://127.0.0.1:9/hook",
  token: "tok",
  authentication: { schemes: ["Bearer"], credentials: "secret" },
};
const flat = { ...nested, authentication: { scheme: "Bearer", credentials: "secret" } };

describe("a push config given in the send itself", () => {
  it("goes where each generation's JSON-RPC send configuration puts it", () => {
    const options = { returnImmediately: true, pushConfig: config };
    expect(sendParams("0.3", { text: "hi" }, options).configuration).toMatchObject({
      blocking: false,
      pushNotificationConfig: nested,
    });
    expect(sendParams("1.0", { text: "hi" }, options).configuration).toMatchObject({
      returnImmediately: true,
      taskPushNotificationConfig: flat,
    });
    expect(sendParams("0.1", { text: "hi" }, options)).toMatchObject({ pushNotification: nested });
  });

  it("goes into the HTTP+JSON send body as the 0.3 proto and 1.0 name it", () => {
    expect(sendBody("0.3", { text: "hi" }, { pushConfig: config }).configuration).toMatchObject({
      pushNotification: nested,
    });
    expect(sendBody("1.0", { text: "hi" }, { pushConfig: config }).configuration).toMatchObject({
      taskPushNotificationConfig: flat,
    });
  });

  it("has the same shape as the config set on its own, minus the task", () => {
    expect(pushSetParams("1.0", "t", config)).toEqual({ taskId: "t", ...flat });
    expect(pushSetParams("0.3", "t", config)).toEqual({ taskId: "t", pushNotificationConfig: nested });
    expect(pushConfigBody("1.0", "t", config)).toEqual({ taskId: "t", ...flat });
  });
});
