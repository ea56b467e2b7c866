import { describeOutcome, type RpcOutcome } from "../../client/jsonrpc.js";
import { methodName, type Operation } from "../../client/methods.js";
import { a2aCodes, jsonRpcCodes } from "../../protocol/error-codes.js";
import { sendParams } from "../../client/jsonrpc-params.js";
import type { ProtocolGeneration } from "../../model/generation.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import type { PartStyle } from "../../client/message-parts.js";
import { sendTakenOnlyAsStream, takenMessage, takenPartForm } from "../support/taken-part-form.js";
import type { SendInput } from "../../client/types.js";
import { ordinaryRefusedAsInvalidParams } from "../support/ordinary-refused.js";
import { rawListedTasks } from "../support/raw-tasks.js";

export default defineCheck({
  id: "errors.invalid-params",
  title: "A send with a malformed message is answered with -32602",
  category: "errors",
  level: "MUST",
  requirement:
    "A well-formed request whose params are wrong gets error -32602 (Invalid params), not an internal error: several shapes per method — a send with a message that is a number, with no message, with a message whose role is outside the enum or whose part is a number or null (on 1.0 also a part with no content), with no messageId (0.2 on), with no task id (0.1's tasks/send), or with no part at all (every version but 0.3), a get and a cancel with no id, a get with no params member at all; on 1.0, a ListTasks with a pageSize of 0, with a status that is no TaskState (refused; a page listing tasks is the filter ignored, list-tasks-filters' finding), or with a pageToken no call gave (refused, or answered with a page; never an internal error).",
  spec: "JSON-RPC 2.0 §5.1; A2A 0.3 §8.1; 1.0.1 §3.3.2 (validation errors), §9.5",
  tck: ["CORE-ERR-002", "CORE-ERR-001"],
  quote: {
    spec: "JSON-RPC 2.0 §5, §5.1; A2A 1.0.1 §3.3.2",
    text: "When a rpc call encounters an error, the Response Object MUST contain the error member; -32602 Invalid params: invalid method parameter(s). … Servers MUST validate all input parameters before processing … Example error codes: HTTP `400 Bad Request`, gRPC `INVALID_ARGUMENT`, JSON-RPC `-32602 Invalid params`",
  },
  recommendation:
    "Validate params against the schema before handling the call and answer -32602 naming the bad field, instead of letting the handler throw (-32603).",
  selfTest: [
    { flaw: "invalid-params-wrong-code", protocols: ["0.3"], violates: ["CORE-ERR-001", "CORE-ERR-002"] },
    {
      flaw: "get-without-params-crashes",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-ERR-002"],
    },
    // Their InternalError for an unknown task is also what a request with no id gets (in 1.0 the SDK refuses it first).
    { flaw: "task-not-found-wrong-code", protocols: ["0.3"] },
    { flaw: "cancel-unknown-wrong-code", protocols: ["0.3"] },
    {
      flaw: "message-id-invented",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-ERR-002"],
    },
  ],
  // No dependency on a working send: its probes need no task, and an agent whose send answers neither a
  // Task nor a Message still shows how it takes malformed params (seen at first sight).
  scope: "transport",
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    const rpc = ctx.rpc;
    if (!rpc) return fail("this binding offers no raw JSON-RPC call");
    const evidence: string[] = [];
    const wrong: string[] = [];
    const lenient: string[] = [];
    let unserved = 0;
    // Messages in the form the agent takes, so that it judges the flaw each carries, not the form.
    const form = await takenPartForm(ctx);
    // A send method the agent does not serve is lifecycle.send-returns-task's finding: its probes go as streams.
    const sendUnserved = await sendTakenOnlyAsStream(ctx);
    // ... naming the skill it was found to want (src/client/skill-metadata.ts), for the same reason.
    const hello = await takenMessage(ctx, { text: "Hello" });
    const shapes = [
      ...malformed,
      ...(ctx.generation === "0.1" ? [] : [withoutMessageId(ctx.generation, hello, form)]),
      ...invalidMessages(ctx.generation, hello, form),
      ...withoutParts(ctx.generation, hello),
      ...withoutTaskId(ctx.generation, hello, form),
      ...(ctx.generation === "1.0" ? badListQueries : []),
    ];
    for (const { op, params, what, orTaskNotFound, orResult, orListed } of shapes) {
      // An agent that takes messages only as streams gets its malformed messages as streams too.
      const method =
        op === "list"
          ? "ListTasks"
          : methodName(ctx.generation, op === "send" && sendUnserved ? "stream" : op);
      const outcome = await rpc(method, params);
      if (outcome.kind !== "unreachable" && outcome.http.trafficId) evidence.push(outcome.http.trafficId);
      if (orResult && outcome.kind === "result") continue;
      if (orListed && outcome.kind === "result" && rawListedTasks(outcome.result).length > 0) continue;
      const code = codeOf(outcome);
      if (code === jsonRpcCodes.methodNotFound) unserved++;
      if (code === jsonRpcCodes.invalidParams) continue;
      // 0.1 and 0.2 require no server to serve tasks/cancel (lifecycle's cancel checks note it): not wrong params.
      if (code === jsonRpcCodes.methodNotFound && op === "cancel" && ["0.1", "0.2"].includes(ctx.generation))
        continue;
      // An agent without ListTasks: lifecycle.list-tasks' finding, not wrong params.
      if (code === jsonRpcCodes.methodNotFound && op === "list") continue;
      if (orTaskNotFound && code === a2aCodes.taskNotFound) lenient.push(`${method} ${what}`);
      else wrong.push(`${method} ${what} was answered with ${describeOutcome(outcome)}`);
    }
    // A binding that serves none of these methods: the send's own check reports that, said once.
    if (unserved === shapes.length)
      return skip(
        "every malformed request was answered MethodNotFound (-32601): the methods are not served here",
      );
    if (wrong.length > 0)
      return fail(
        `${wrong.length} of ${shapes.length} malformed requests did not get -32602: ${wrong.join("; ")}`,
        evidence,
      );
    // A control: an agent that refuses the ordinary message alike shows nothing by refusing the malformed ones.
    const alike = await ordinaryRefusedAsInvalidParams(ctx);
    if (alike)
      return skip(
        `the malformed requests were answered -32602, but so was a well-formed message, the ordinary one (${alike}): the refusals show nothing; lifecycle.send-returns-task reports the refused send`,
      );
    const byTaskNotFound =
      lenient.length > 0
        ? `; ${lenient.join(", ")} got TaskNotFound (-32001), which also names the missing id`
        : "";
    return pass(
      `${shapes.length - lenient.length} of ${shapes.length} malformed requests were answered -32602${byTaskNotFound}`,
      evidence,
    );
  },
});

/**
 * Params no method can act on: the message not an object, a required member missing (JSON-RPC 2.0 §5.1:
 * -32602). Shapes a lenient server may still read (parts given as a string, a number where a string id
 * belongs, an id of another type answered TaskNotFound) are left out: reading those leniently loses nothing.
 */
interface Malformed {
  /** The operation, or 1.0's ListTasks (methods.ts names the operations of every version only). */
  op: Operation | "list";
  params: unknown;
  what: string;
  orTaskNotFound?: true;
  /** A page is an answer too: a server may take a token it cannot read as the start (never an internal error). */
  orResult?: true;
  /**
   * A page that lists tasks is the filter ignored (lifecycle.list-tasks-filters' finding); an empty one is the
   * value taken unread as a filter that matches nothing.
   */
  orListed?: true;
}

/**
 * A message with everything but its messageId, which every generation from 0.2 requires (Message.messageId
 * in specification/json/a2a.json from v0.2.0; a2a.proto message_id REQUIRED at v1.0.1). Unlike the shapes a
 * lenient server may read, this one the spec makes the server refuse: "Servers MUST rigorously validate all RPC
 * parameters and the content/structure of data in Message and Artifact parts" (0.2.0 to 0.3.0, security
 * considerations; 1.0.1 §3.3.2 "MUST validate all input parameters before processing").
 */
function withoutMessageId(
  generation: Exclude<ProtocolGeneration, "0.1">,
  hello: SendInput,
  form?: PartStyle,
): Malformed {
  const params = sendParams(generation, hello, {}, form);
  const { messageId: _dropped, ...message } = params.message as Record<string, unknown>;
  return { op: "send", params: { ...params, message }, what: "with a message that has no messageId" };
}

/**
 * Messages whose role or parts no reader can take: a role outside the enum, a part that is a number or null
 * (seen at first sight: a server that refused the number read the null unguarded, -32000 with its stack). 0.1 to 0.3
 * make Part a JSON object and Role an enum of user and agent, and 0.1 to 0.3 say "Servers MUST rigorously
 * validate all RPC parameters and the content/structure of data in Message and Artifact parts" (security
 * considerations); 1.0.1 §3.3.2 makes the server validate them.
 */
function invalidMessages(generation: ProtocolGeneration, hello: SendInput, form?: PartStyle): Malformed[] {
  // 0.1's send names its task too (TaskSendParams.id): only the message is wrong.
  const params = sendParams(generation, hello, {}, form);
  const message = params.message as Record<string, unknown>;
  const v10 = generation === "1.0";
  return [
    {
      op: "send",
      params: { ...params, message: { ...message, role: v10 ? "ROLE_BOGUS" : "bogus" } },
      what: `with a message whose role is "${v10 ? "ROLE_BOGUS" : "bogus"}"`,
    },
    {
      op: "send",
      params: { ...params, message: { ...message, parts: [5] } },
      what: "with a message whose parts are [5]",
    },
    {
      op: "send",
      params: { ...params, message: { ...message, parts: [null] } },
      what: "with a message whose parts are [null]",
    },
    // a2a.proto Part: its content is one of text, raw, url or data; one with none carries nothing (seen at first
    // sight: `parts: [{}]` accepted and worked on). 0.x parts name their kind, which a lenient reader may infer.
    ...(v10
      ? [
          {
            op: "send" as const,
            params: { ...params, message: { ...message, parts: [{}] } },
            what: "with a message whose one part has no content ([{}])",
          },
        ]
      : []),
  ];
}

/**
 * A message with no part at all, where the spec requires one: 0.1 §6.4 ("A message MUST contain at least
 * one part"), 0.2 Message.parts ("Must contain at least one part"), 1.0.1 §3.3.2 ("missing required message
 * parts"). 0.3 says neither, and its schema sets no minimum, so an empty list is not judged there.
 */
function withoutParts(generation: ProtocolGeneration, hello: SendInput): Malformed[] {
  if (generation === "0.3") return [];
  const params = sendParams(generation, hello);
  const message = { ...(params.message as Record<string, unknown>), parts: [] };
  return [{ op: "send", params: { ...params, message }, what: "with a message with no part" }];
}

/**
 * 0.1's tasks/send names its task (TaskSendParams.id: "The ID for the task", a required string the client
 * generates); without it there is no task to create or continue: 0.1 §8.1 gives -32602 for "missing required
 * field". Seen at first sight: accepted, and a Task with no id returned.
 */
function withoutTaskId(generation: ProtocolGeneration, hello: SendInput, form?: PartStyle): Malformed[] {
  if (generation !== "0.1") return [];
  const { id: _dropped, ...params } = sendParams(generation, hello, {}, form);
  return [{ op: "send", params, what: "with no task id (TaskSendParams.id)" }];
}

/**
 * A ListTasks query no reader can take as given (1.0.1 §3.3.2: "Servers MUST validate all input parameters";
 * a2a.proto ListTasksRequest.page_size: "The minimum value is 1"). Seen at first sight: pageSize 0 clamped to 1;
 * the official SDK refuses it -32602. A status that is no TaskState (§6.5's example refuses one, "Invalid status
 * value") is judged only when the page comes back empty (seen at first sight: taken unread as a filter that matched
 * nothing); a page that lists tasks is the filter ignored, lifecycle.list-tasks-filters' finding, said once.
 */
const badListQueries: readonly Malformed[] = [
  { op: "list", params: { pageSize: 0 }, what: "with pageSize 0 (the minimum is 1)" },
  {
    op: "list",
    params: { status: "TASK_STATE_BOGUS" },
    what: 'with status "TASK_STATE_BOGUS" (no TaskState)',
    orListed: true,
  },
  // Tokens no previous call gave (seen at first sight: base64url of `null` broke the reader, -32603 / HTTP 500).
  {
    op: "list",
    params: { pageToken: "bnVsbA" },
    what: 'with a forged pageToken ("bnVsbA", base64url of null)',
    orResult: true,
  },
  {
    op: "list",
    params: { pageToken: "!!!" },
    what: 'with a pageToken that is no token ("!!!")',
    orResult: true,
  },
];

const malformed: readonly Malformed[] = [
  { op: "send", params: { message: 5 }, what: 'with {"message": 5}' },
  { op: "send", params: {}, what: "with no message" },
  // A request that names no task may also be told the task is not found: the official 0.3 SDK does.
  { op: "get", params: {}, what: "with no id", orTaskNotFound: true },
  // JSON-RPC 2.0 §4.2 lets a request leave params out; a get cannot do without them (seen at first sight: -32603).
  { op: "get", params: undefined, what: "with no params member", orTaskNotFound: true },
  { op: "cancel", params: {}, what: "with no id", orTaskNotFound: true },
];

/** The JSON-RPC error code an outcome carries: the error reply's, or a stream's whose one content is an error. */
function codeOf(outcome: RpcOutcome): number | undefined {
  if (outcome.kind === "error") return outcome.error.code;
  if (outcome.kind === "stream" && outcome.results.length === 0) return outcome.errors[0]?.code;
  return undefined;
}
