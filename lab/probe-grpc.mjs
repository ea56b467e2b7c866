// Hand probes behind the gRPC parts of lab/expected/*.json: prints what an agent's gRPC interface
// answers to the exchanges the keys cite, over the A2AService definition of the SDK generation the
// card names (0.3: a2a.v1 from @a2a-js/sdk 0.3; 1.0: lf.a2a.v1 from @a2a-js/sdk 1.x).
// Usage: node probe-grpc.mjs <agent base url>   (the card is read from /.well-known/agent-card.json)
// The running-task exchanges need the agent on the scripted model (lab/model-server.mjs), whose
// replies take a moment; on a model that fails at once every task is already finished.
import * as grpc from "@grpc/grpc-js";
import { randomUUID } from "node:crypto";

const base = process.argv[2];
const card = await (await fetch(`${base}/.well-known/agent-card.json`)).json();
const v10 = Array.isArray(card.supportedInterfaces);
const address = v10
  ? card.supportedInterfaces.find((i) => i.protocolBinding === "GRPC")?.url
  : card.additionalInterfaces?.find((i) => i.transport === "GRPC")?.url;
if (!address) throw new Error("the card names no gRPC interface");
const { A2AService } = await import(v10 ? "a2a-sdk-v1/server/grpc" : "@a2a-js/sdk/server/grpc");
const Client = grpc.makeGenericClientConstructor(A2AService, "A2AService");
const client = new Client(address, grpc.credentials.createInsecure());
console.log(`gRPC at ${address}, A2A ${v10 ? "1.0" : "0.3"}`);

/** a2a-version metadata: 1.0 by default on a 1.0 agent; null sends none. */
function metadata(version) {
  const md = new grpc.Metadata();
  if (version !== null) md.set("a2a-version", version);
  return md;
}
const VERSION = v10 ? "1.0" : null;
const status = (e) => {
  const details = e.metadata?.get("grpc-status-details-bin")?.[0];
  return `${grpc.status[e.code]} ${JSON.stringify(e.details)}${
    details
      ? ` details-bin ${details
          .toString("latin1")
          .replace(/[^\x20-\x7e]+/g, " ")
          .trim()}`
      : ""
  }`;
};
const unary = (method, request, version = VERSION) =>
  new Promise((resolve) =>
    client[method](request, metadata(version), (e, r) => resolve(e ? { error: status(e) } : { ok: r })),
  );
const stream = (method, request, version = VERSION) =>
  new Promise((resolve) => {
    const seen = [];
    const call = client[method](request, metadata(version));
    const timer = setTimeout(() => call.cancel(), 5000);
    const done = (end) => {
      clearTimeout(timer);
      resolve([...seen, end].join(", "));
    };
    call.on("data", (d) =>
      seen.push(d.payload?.$case + (d.payload?.value?.status ? `(${d.payload.value.status.state})` : "")),
    );
    call.on("error", (e) => done(`error ${status(e)}`));
    call.on("end", () => done("end"));
  });
const summary = (r) => {
  if (r.error) return `error ${r.error}`;
  const t = r.ok?.payload?.value ?? r.ok;
  return `ok ${r.ok?.payload?.$case ?? ""} id=${t?.id} state=${t?.status?.state} history=${t?.history?.length} artifacts=${t?.artifacts?.length}`;
};
const show = (label, r) => console.log(`--- ${label}\n  ${typeof r === "string" ? r : summary(r)}`);

const text = (value, extra = {}) =>
  v10
    ? {
        messageId: randomUUID(),
        contextId: "",
        taskId: "",
        role: 1,
        parts: [
          { content: { $case: "text", value }, metadata: undefined, filename: "", mediaType: "text/plain" },
        ],
        metadata: undefined,
        extensions: [],
        referenceTaskIds: [],
        ...extra,
      }
    : {
        messageId: randomUUID(),
        contextId: "",
        taskId: "",
        role: 1,
        content: [{ part: { $case: "text", value } }],
        metadata: undefined,
        extensions: [],
        ...extra,
      };
const send = (message, nonBlocking = false) =>
  v10
    ? {
        tenant: "",
        message,
        configuration: nonBlocking
          ? {
              acceptedOutputModes: [],
              taskPushNotificationConfig: undefined,
              historyLength: undefined,
              returnImmediately: true,
            }
          : undefined,
        metadata: undefined,
      }
    : {
        request: message,
        configuration: nonBlocking
          ? { acceptedOutputModes: [], pushNotification: undefined, historyLength: 0, blocking: false }
          : undefined,
        metadata: undefined,
      };
const byId = (id) => (v10 ? { tenant: "", id } : { name: `tasks/${id}` });
const get = (id) =>
  v10 ? { tenant: "", id, historyLength: undefined } : { name: `tasks/${id}`, historyLength: 0 };
const SUBSCRIBE = v10 ? "subscribeToTask" : "taskSubscription";

try {
  const sent = await unary("sendMessage", send(text("hello")));
  show("send", sent);
  const task = sent.ok?.payload?.value;
  if (v10) {
    show("send without a2a-version", await unary("sendMessage", send(text("hello")), null));
    show("send with a2a-version 9.9", await unary("sendMessage", send(text("hello")), "9.9"));
  }
  show("get unknown task", await unary("getTask", get("no-such-task")));
  show("cancel unknown task", await unary("cancelTask", byId("no-such-task")));
  show("cancel finished task", await unary("cancelTask", byId(task?.id)));
  show(
    "send to finished task",
    await unary("sendMessage", send(text("again", { taskId: task?.id, contextId: task?.contextId }))),
  );
  show("send naming unknown task", await unary("sendMessage", send(text("x", { taskId: "no-such-task" }))));
  show(
    "send without a message",
    await unary("sendMessage", v10 ? { tenant: "", message: undefined } : { request: undefined }),
  );
  show("subscribe unknown task", await stream(SUBSCRIBE, byId("no-such-task")));
  show("subscribe finished task", await stream(SUBSCRIBE, byId(task?.id)));
  show("stream", await stream("sendStreamingMessage", send(text("streamed"))));
  const running = await unary("sendMessage", send(text("slow"), true));
  show("non-blocking send", running);
  show("subscribe running task", await stream(SUBSCRIBE, byId(running.ok?.payload?.value?.id)));
  const toCancel = (await unary("sendMessage", send(text("slow"), true))).ok?.payload?.value?.id;
  show("cancel running task", await unary("cancelTask", byId(toCancel)));
  await new Promise((r) => setTimeout(r, 1500));
  show("get 1.5 s after cancel", await unary("getTask", get(toCancel)));
  const pushList = v10
    ? ["listTaskPushNotificationConfigs", { tenant: "", taskId: task?.id, pageSize: 0, pageToken: "" }]
    : ["listTaskPushNotificationConfig", { parent: `tasks/${task?.id}`, pageSize: 0, pageToken: "" }];
  show("list push configs", await unary(...pushList));
  show(
    "extended card",
    await unary(v10 ? "getExtendedAgentCard" : "getAgentCard", v10 ? { tenant: "" } : {}),
  );
} finally {
  client.close();
}
