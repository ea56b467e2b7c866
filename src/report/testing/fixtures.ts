import type { TrafficEntry } from "../../model/traffic.js";
import type { Finding } from "../../model/finding.js";
import type { RunResult } from "../../model/result.js";

/** Hand-built results for the reporters' tests: a smoke run, a conformance run, a hostile run, a conversation. */

const tool = { name: "plainwright", version: "9.9.9" } as const;

const card = (over: Partial<NonNullable<RunResult["card"]>> = {}): NonNullable<RunResult["card"]> => ({
  found_at: "http://agent.test/.well-known/agent-card.json",
  tried: [
    { url: "http://agent.test/.well-known/agent-card.json", outcome: "found", http_status: 200, ms: 4 },
  ],
  protocol_version: "0.3.0",
  name: "Helpdesk",
  version: "1.0.0",
  description: "Answers questions.",
  transport: "JSONRPC",
  errors: [],
  warnings: [{ path: "provider", message: "no organization" }],
  skills: [{ id: "faq", name: "FAQ", description: "d", tags: [], examples: [] }],
  strict: true,
  ...over,
});

const exchange = (id: string, over: Partial<TrafficEntry> = {}): TrafficEntry => ({
  id,
  at: "2026-01-01T00:00:00.000Z",
  method: "POST",
  url: "http://agent.test/rpc",
  request_headers: { "content-type": "application/json" },
  request_body: `{"jsonrpc":"2.0","id":"${id}","method":"message/send","params":{}}`,
  status: 200,
  response_headers: { "content-type": "application/json" },
  response_body: `{"jsonrpc":"2.0","id":"${id}","result":{"kind":"task","status":{"state":"completed"}}}`,
  ms: 12,
  ...over,
});

/** A `smoke` run: card and one message, no findings. */
export const smokeRun: RunResult = {
  tool,
  kind: "a2a",
  status: "passed",
  started_at: "2026-01-01T00:00:00.000Z",
  duration_ms: 120,
  agent_url: "http://agent.test",
  scores: { card: 1, smoke: 1 },
  card: card(),
  endpoint: { url: "http://agent.test/rpc", transport: "JSONRPC", reason: "card url" },
  smoke: {
    request: { method: "message/send", params: { message: { parts: [{ kind: "text", text: "Hello" }] } } },
    reply_kind: "task",
    task_state: "completed",
    text: "Hi there!",
    passed: true,
    polls: 1,
  },
  warnings: [],
  traffic: [
    exchange("t1", { method: "GET", url: "http://agent.test/.well-known/agent-card.json" }),
    exchange("t2"),
  ],
};

const f = (over: Partial<Finding> & Pick<Finding, "id" | "category" | "status">): Finding => ({
  level: "MUST",
  message: `${over.id} ${over.status}`,
  duration_ms: 50,
  ...over,
});

/** A conformance run: ten findings over four categories, with fail, skip and error and evidence ids. */
export const conformanceRun: RunResult = {
  ...smokeRun,
  kind: "conformance",
  status: "failed",
  reason: "3 MUST checks failed",
  duration_ms: 2_500,
  scores: { card: 1, conformance: 0.7 },
  conformance_level: "partial",
  smoke: undefined,
  findings: [
    f({
      id: "card.required.version",
      title: "The card states a version",
      category: "card",
      status: "pass",
    }),
    f({ id: "card.public", category: "card", status: "pass" }),
    f({ id: "lifecycle.send.terminal", category: "lifecycle", status: "pass", evidence: ["t2"] }),
    f({
      id: "lifecycle.cancel.terminal-task-errors",
      title: "Cancelling a finished task errors",
      category: "lifecycle",
      status: "fail",
      message: "Server returned 500",
      recommendation: "Add guard for terminal state transitions",
      evidence: ["t3"],
      spec: "A2A 7.4",
      tck: "CORE-CANCEL-002",
    }),
    f({
      id: "lifecycle.input-required",
      category: "lifecycle",
      status: "skip",
      message: "the agent never asked for input",
    }),
    f({
      id: "streaming.final-event",
      category: "streaming",
      status: "fail",
      message: "No final event received",
      recommendation: "Ensure SSE sends event with final:true",
      evidence: ["t4", "t99"],
    }),
    f({ id: "streaming.content-type", category: "streaming", status: "pass", level: "SHOULD" }),
    f({
      id: "streaming.resubscribe",
      category: "streaming",
      status: "skip",
      level: "MAY",
      message: "card does not claim streaming resubscribe",
    }),
    f({
      id: "errors.unknown-method",
      category: "errors",
      status: "error",
      message: "the agent closed the connection",
      evidence: ["t5"],
    }),
    f({
      id: "errors.parse-error",
      category: "errors",
      status: "fail",
      level: "SHOULD",
      message: "HTTP 500 for a parse error",
      recommendation: "Answer -32700",
    }),
  ],
  traffic: [
    ...smokeRun.traffic,
    exchange("t3", { status: 500, response_body: "Internal Server Error: cannot cancel" }),
    exchange("t4", {
      response_headers: { "content-type": "text/event-stream" },
      response_body: undefined,
      events: [{ at_ms: 3, event: "message", data: '{"kind":"status-update","final":false}' }],
    }),
    exchange("t5", { status: undefined, response_body: undefined, error: { message: "socket hang up" } }),
  ],
};

/** Everything an agent can send to break a report. */
export const HOSTILE = {
  name: `<script>alert(1)</script> | "quoted" & 'single' ]]> \u0000\u0007\u001b[31m`,
  description: `<img src=x onerror=alert(1)>\nline two | pipe\r\n# heading ]]> \`\`\` fence`,
  body: `{"text":"</pre><script>alert('body')</script>]]><!-- x -->\u0001"}`,
};

/** A run whose card, replies, headers and findings carry hostile text. */
export const hostileRun: RunResult = {
  ...conformanceRun,
  name: HOSTILE.name,
  reason: HOSTILE.description,
  agent_url: `http://agent.test/?q=<script>&x="y"`,
  card: card({
    name: HOSTILE.name,
    description: HOSTILE.description,
    errors: [{ path: "skills[0].name", message: HOSTILE.name }],
    skills: [{ id: HOSTILE.name, name: "x", description: HOSTILE.description, tags: [], examples: [] }],
    signatures: {
      status: "unverifiable",
      detail: `signatures[0] (kid ${HOSTILE.name}): ${HOSTILE.description}`,
    },
  }),
  smoke: { ...smokeRun.smoke!, text: HOSTILE.body, passed: false, reason: HOSTILE.name },
  findings: [
    f({
      id: "card.hostile",
      category: `card<script>`,
      status: "fail",
      message: HOSTILE.description,
      recommendation: HOSTILE.name,
      evidence: ["t1"],
    }),
  ],
  warnings: [HOSTILE.name],
  traffic: [
    exchange("t1", {
      url: `http://agent.test/<script>alert(1)</script>`,
      response_headers: { "x-evil": `"><script>alert(1)</script>` },
      response_body: HOSTILE.body,
      request_body: HOSTILE.body,
      events: [{ at_ms: 1, event: "<script>", data: HOSTILE.body }],
    }),
  ],
};

/** A conversation run; its fields are added untyped because their types are still landing in runner/result.ts. */
export const conversationRun: RunResult = Object.assign(
  {
    ...smokeRun,
    kind: "conversation" as const,
    status: "failed" as const,
    scores: { card: 1 as const, conversation: 0.5 },
  },
  {
    transcript: [
      { role: "user", text: "I need a refund | now" },
      { role: "agent", parts: [{ kind: "text", text: `Sure.\n${HOSTILE.name}` }] },
      "a bare string turn",
    ],
    verdicts: [
      { criterion: "Offers a refund", met: true, reasoning: "It did." },
      { criterion: "Confirms the order id", met: false, reasoning: "It never asked | for it." },
    ],
    trials: [
      { status: "passed", score: 1 },
      { passed: false, verdicts: [{ criterion: "x", met: false }] },
    ],
  },
);

const turn = (n: number, role: "user" | "agent", text: string) => ({ turn: n, role, text, at: "" });
const noTokens = { input_tokens: 0, output_tokens: 0 };

/** A conversation run three times: one trial passed, one failed on an unsupported verdict, one hit a judge error. */
export const repeatedConversationRun: RunResult = {
  ...smokeRun,
  kind: "conversation",
  status: "error",
  reason: "trial 3: the judge call to openai:gpt-4o-mini returned invalid JSON twice",
  scores: { card: 1, conversation: 0.75, pass_rate: 0.3333 },
  conversation: {
    persona: "A polite customer.",
    goal: "A refund.",
    criteria: ["Confirms the refund", "Gives a timeline"],
    opening_message: null,
    max_turns: 4,
    threshold: null,
    trials: 3,
    min_pass_rate: 1,
    user_model: "openai:gpt-4o-mini",
    judge_model: "openai:gpt-4o-mini",
    endpoint: "http://agent.test/rpc",
  },
  trials: [1, 2, 3].map((n) => ({
    trial: n,
    status: n === 1 ? "passed" : n === 2 ? "failed" : "error",
    ...(n === 2 ? { reason: '1 of 2 criteria not met (score 0.50): "Gives a timeline" (unsupported)' } : {}),
    ...(n === 3 ? { reason: "the judge call to openai:gpt-4o-mini returned invalid JSON twice" } : {}),
    score: n === 1 ? 1 : n === 2 ? 0.5 : null,
    ended: "user-done",
    transcript: [
      turn(1, "user", `Refund order #44${n}1, please.`),
      turn(
        1,
        "agent",
        n === 2 ? "Refund confirmed | no date yet." : "Refund confirmed; it arrives in 5 days.",
      ),
    ],
    verdicts:
      n === 3
        ? []
        : [
            {
              criterion: "Confirms the refund",
              met: true,
              verdict: "passed" as const,
              supported: true,
              reasoning: "It confirmed.",
              evidence: [{ turn: 1, quote: "Refund confirmed", found: true }],
            },
            {
              criterion: "Gives a timeline",
              met: n === 1,
              verdict: "passed" as const,
              supported: n === 1,
              reasoning: n === 1 ? "5 days." : "It said so.",
              evidence: [{ turn: 1, quote: n === 1 ? "arrives in 5 days" : "within 3 days", found: n === 1 }],
            },
          ],
    usage: { user: noTokens, judge: noTokens },
    duration_ms: 5,
    warnings: [],
  })),
  trial_stats: {
    count: 3,
    passed: 1,
    errors: 1,
    pass_rate: 0.3333,
    wilson_95: [0.0615, 0.7923],
    pass_hat_k: { "1": 0.3333, "2": 0, "3": 0 },
    flaky: true,
    min_pass_rate: 1,
    met_minimum: false,
  },
  usage: {
    user: { model: "openai:gpt-4o-mini", input_tokens: 1200, output_tokens: 10, cost_usd: 0.000186 },
    judge: { model: "openai:gpt-4o-mini", input_tokens: 40, output_tokens: 16, cost_usd: 0.0000156 },
    total: { input_tokens: 1240, output_tokens: 26, cost_usd: 0.0002016 },
  },
};
