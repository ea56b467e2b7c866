// a2a-js 0.2.0 (techurbanist): a community A2A SDK with its own express server, request handler and
// task store (no @a2a-js/sdk). The agent is the package's own helloworld example
// (dist/examples/helloworld/server.js) as published, with its answer asked of the scripted model.
import { Role, A2AServer, DefaultA2ARequestHandler, OperationNotSupportedError } from "a2a-js";
import { askModel, HOST, PORT, ready } from "./common.mjs";

const textOf = (message) =>
  (message?.parts ?? [])
    .map((p) => p.text)
    .filter((t) => typeof t === "string")
    .join(" ");

class EchoAgentExecutor {
  async onMessageSend(request) {
    const result = await askModel(textOf(request.params?.message));
    return {
      jsonrpc: "2.0",
      id: request.id,
      result: { role: Role.Agent, parts: [{ type: "text", text: result }] },
    };
  }

  async *onMessageStream(request) {
    const result = await askModel(textOf(request.params?.message));
    for (const [i, word] of result.split(" ").entries()) {
      yield {
        jsonrpc: "2.0",
        id: request.id,
        result: { role: Role.Agent, parts: [{ type: "text", text: (i ? " " : "") + word }] },
      };
    }
  }

  async onCancel(request) {
    return { jsonrpc: "2.0", id: request.id, error: new OperationNotSupportedError() };
  }

  async *onResubscribe(request) {
    yield { jsonrpc: "2.0", id: request.id, error: new OperationNotSupportedError() };
  }
}

const agentCard = {
  name: "Echo Agent",
  description: "Echoes the user message through a scripted model",
  url: `http://${HOST}:${PORT}/`,
  version: "1.0.0",
  defaultInputModes: ["text"],
  defaultOutputModes: ["text"],
  capabilities: { streaming: true },
  skills: [
    { id: "echo", name: "Echo", description: "echoes text", tags: ["echo"], examples: ["hi", "hello world"] },
  ],
  authentication: { schemes: ["public"] },
};

const server = new A2AServer(agentCard, new DefaultA2ARequestHandler(new EchoAgentExecutor()));
// start() listens on 0.0.0.0; the lab stays on loopback, so listen on the express app ourselves.
const app = server.app();
app.listen(PORT, HOST, () => ready(`http://${HOST}:${PORT}`));
