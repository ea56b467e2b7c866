// Hand probes behind lab/expected/*.json: prints what an 0.x JSON-RPC agent really answers to
// the exchanges the expectations cite. Usage: node probe.mjs <jsonrpc-endpoint>
const url = process.argv[2];
let n = 0;
async function rpc(method, params, raw) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: raw ?? JSON.stringify({ jsonrpc: "2.0", id: ++n, method, params }),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type"), text: text.slice(0, 700), full: text };
}
const msg = (text, extra = {}) => ({
  kind: "message",
  role: "user",
  messageId: crypto.randomUUID(),
  parts: [{ kind: "text", text }],
  ...extra,
});
function summary(text) {
  try {
    const b = JSON.parse(text);
    if (b.error) return `error ${JSON.stringify(b.error).slice(0, 200)} id=${b.id}`;
    const r = b.result ?? {};
    return `result kind=${r.kind} id=${r.id ?? r.taskId} state=${r.status?.state} contextId=${r.contextId} history=${r.history?.length} artifacts=${r.artifacts?.length} final=${r.final}`;
  } catch {
    return `not JSON: ${JSON.stringify(text.slice(0, 300))}`;
  }
}
const show = (label, r) => console.log(`--- ${label}: HTTP ${r.status} ${r.type}\n  ${summary(r.full)}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

show("parse error", await rpc(null, null, '{"jsonrpc": "2.0", "id": 1, '));
show("unknown method", await rpc("nope/nope", {}));
show("invalid params", await rpc("message/send", { message: 5 }));
show("get unknown task", await rpc("tasks/get", { id: "missing-task" }));
show("cancel unknown task", await rpc("tasks/cancel", { id: "missing-task" }));
const nb = await rpc("message/send", {
  message: msg("hello there"),
  configuration: { blocking: false, acceptedOutputModes: ["text/plain"] },
});
show("non-blocking send", nb);
let id;
try {
  id = JSON.parse(nb.full).result?.id;
} catch {
  /* shown above */
}
if (id) {
  show("cancel while running", await rpc("tasks/cancel", { id }));
  await sleep(2000);
  show("get 2 s after cancel", await rpc("tasks/get", { id }));
  show("message to the terminal task", await rpc("message/send", { message: msg("again", { taskId: id }) }));
}
const st = await fetch(url, {
  method: "POST",
  headers: { "content-type": "application/json", accept: "text/event-stream" },
  body: JSON.stringify({
    jsonrpc: "2.0",
    id: 99,
    method: "message/stream",
    params: { message: msg("stream me") },
  }),
});
console.log(`--- stream\nHTTP ${st.status} ${st.headers.get("content-type")}`);
for (const line of (await st.text()).split(/\r?\n/)) {
  if (line.startsWith("data:")) {
    const data = line.slice(5).trim();
    console.log(
      `  ${/^[\x00-\x1f]/.test(data) ? `(starts with byte 0x${data.charCodeAt(0).toString(16)}) ` : ""}${summary(data.replace(/^[\x00-\x1f]+/, ""))}`,
    );
  } else if (line.trim()) console.log(`  ${line.slice(0, 200)}`);
}

// Cancel a task seen running on a stream, then read it back after the agent had time to finish.
{
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 100,
      method: "message/stream",
      params: { message: msg("cancel me") },
    }),
  });
  const reader = res.body.getReader();
  let buf = "";
  let taskId;
  while (!taskId) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += new TextDecoder().decode(value);
    const m = buf.match(/"(?:taskId|id)":"([0-9a-f-]{36})"/);
    if (m) taskId = m[1];
  }
  console.log(`--- stream-then-cancel: task ${taskId}`);
  if (taskId) {
    show("cancel (stream task)", await rpc("tasks/cancel", { id: taskId }));
    let rest = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    const states = [...rest.matchAll(/"state":"([a-z-]+)"/g)].map((m) => m[1]);
    console.log(`  stream went on with states: ${states.join(", ")}`);
    await sleep(2000);
    show("get 2 s after cancel (stream task)", await rpc("tasks/get", { id: taskId }));
  }
}
