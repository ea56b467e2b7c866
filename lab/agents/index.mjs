// The lab's agents: each served by its own framework's A2A code (lab/README.md says how one is added).

/**
 * The agents. `script` serves one agent; `grpc: true` gives it a second port (GRPC_PORT) for its
 * gRPC server; `env` selects a setup of a script that serves two; `conformArgs` are extra CLI options
 * (none: the suite must find its way from the URL a user would give).
 */
export const AGENTS = [
  { id: "sdk-v02", label: "@a2a-js/sdk 0.2.5 server", script: "agents/sdk-v02.mjs" },
  { id: "sdk-v03", label: "@a2a-js/sdk 0.3.14 server", script: "agents/sdk-v03.mjs" },
  { id: "sdk-v10", label: "@a2a-js/sdk 1.3.0 server", script: "agents/sdk-v10.mjs" },
  {
    id: "sdk-v10-push",
    label: "@a2a-js/sdk 1.3.0 server with push notifications",
    script: "agents/sdk-v10.mjs",
    env: { LAB_PUSH: "1" },
  },
  {
    id: "sdk-v03-grpc",
    label: "@a2a-js/sdk 0.3.14 server (JSON-RPC + gRPC)",
    script: "agents/sdk-v03-grpc.mjs",
    grpc: true,
  },
  {
    id: "sdk-v10-grpc",
    label: "@a2a-js/sdk 1.3.0 server (JSON-RPC + gRPC)",
    script: "agents/sdk-v10-grpc.mjs",
    grpc: true,
  },
  { id: "voltagent", label: "VoltAgent 2.10 + @voltagent/a2a-server 2.0.3", script: "agents/voltagent.mjs" },
  { id: "mastra", label: "Mastra 0.24.9 (@mastra/deployer server)", script: "agents/mastra.mjs" },
  {
    id: "mastra-v1",
    label: "Mastra 1.71 (@mastra/deployer 1.69 server; npm ci --prefix lab/mastra-v1)",
    script: "agents/mastra-v1.mjs",
  },
  { id: "adk", label: "Google ADK 2.0.0 toA2a", script: "agents/adk.mjs" },
  { id: "beeai", label: "BeeAI framework 0.1.30 A2AServer", script: "agents/beeai.mjs" },
  { id: "a2a-js", label: "a2a-js 0.2.0 (community SDK) helloworld", script: "agents/a2a-js.mjs" },
  {
    id: "reactive-agents",
    label: "@reactive-agents/a2a 0.9.0 HTTP server",
    script: "agents/reactive-agents.mjs",
  },
  { id: "omniroute", label: "OmniRoute 3.7.9 AI gateway /a2a", script: "agents/omniroute.mjs" },
  {
    id: "strands",
    label: "Strands Agents 1.19.0 (TypeScript) A2AExpressServer",
    script: "agents/strands.mjs",
  },
  {
    id: "gemini-cli",
    label: "Gemini CLI A2A server 0.25.2 (@google/gemini-cli-a2a-server)",
    script: "agents/gemini-cli.mjs",
  },
  {
    id: "inference-gateway",
    label: "Inference Gateway TypeScript ADK 0.16.0 (@inference-gateway/adk)",
    script: "agents/inference-gateway.mjs",
  },
  { id: "hand-v03", label: "hand-written 0.3 server (JSON-RPC + HTTP+JSON)", script: "agents/hand-v03.mjs" },
  { id: "hand-v10", label: "hand-written 1.0 server (JSON-RPC)", script: "agents/hand-v10.mjs" },
  { id: "hand-auth", label: "hand-written 0.3 server behind an API key", script: "agents/hand-auth.mjs" },
  { id: "hand-v01", label: "hand-written 0.1 server", script: "agents/hand-v01.mjs" },
];
