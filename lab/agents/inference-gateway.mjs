// The Inference Gateway's TypeScript ADK 0.16.0 (@inference-gateway/adk): its own A2A server (Hono,
// its own JSON-RPC dispatch, handlers, task state machine and in-memory queue storage; no A2A SDK
// beneath it), wired as its README and API reference show: createA2AServer with the built-in
// handlers for every method of a streaming agent without push, a worker that runs queued tasks
// through its DefaultBackgroundTaskHandler, DefaultStreamingTaskHandler for message/stream, and its
// OpenAICompatibleLLMClient on the scripted model. The card is the README's 0.3.0 card.
import {
  DefaultBackgroundTaskHandler,
  DefaultStreamingTaskHandler,
  InMemoryTaskStorage,
  MESSAGE_SEND_METHOD,
  MESSAGE_STREAM_METHOD,
  OpenAICompatibleLLMClient,
  TASK_CANCEL_METHOD,
  TASK_GET_METHOD,
  TASK_LIST_METHOD,
  TASK_RESUBSCRIBE_METHOD,
  TASK_STATE,
  TaskCancellationRegistry,
  TaskEventBusRegistry,
  createA2AServer,
  createMessageSendHandler,
  createMessageStreamHandler,
  createTaskCancelHandler,
  createTaskGetHandler,
  createTaskListHandler,
  createTaskResubscribeHandler,
  isTerminal,
  transitionTask,
} from "@inference-gateway/adk";
import { HOST, MODEL_URL, PORT, ready } from "./common.mjs";

const card = {
  name: "lab-echo-agent",
  description: "Echoes every message through a scripted model.",
  version: "0.1.0",
  protocolVersion: "0.3.0",
  url: `http://${HOST}:${PORT}`,
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  capabilities: { streaming: true, pushNotifications: false, stateTransitionHistory: false },
  skills: [{ id: "echo", name: "Echo", description: "Echo input.", tags: ["echo"], examples: ["Say hello"] }],
};

// The ADK's handlers take its structural LLMClient (createCompletion); its OpenAI-compatible client
// speaks chatCompletion: a one-shot bridge, no tools.
const llm = new OpenAICompatibleLLMClient({
  provider: "openai",
  model: "lab-model",
  baseURL: MODEL_URL,
  apiKey: "lab",
});
const llmClient = {
  async createCompletion({ messages, signal }) {
    const wire = messages.map((m) => ({ role: m.role, content: m.content ?? "" }));
    const response = await llm.chatCompletion(wire, signal ? { signal } : {});
    const content = response.choices?.[0]?.message?.content;
    return { message: typeof content === "string" ? { content } : {} };
  },
};
const systemPrompt = "Echo the user message.";

const storage = new InMemoryTaskStorage();
const cancellationRegistry = new TaskCancellationRegistry();
const eventBusRegistry = new TaskEventBusRegistry();
const background = new DefaultBackgroundTaskHandler({ llmClient, systemPrompt });
const streaming = new DefaultStreamingTaskHandler({ llmClient, systemPrompt });

const server = createA2AServer({ card });
server.registerMethod(MESSAGE_SEND_METHOD, createMessageSendHandler({ storage }));
server.registerMethod(TASK_GET_METHOD, createTaskGetHandler({ storage }));
server.registerMethod(TASK_LIST_METHOD, createTaskListHandler({ storage }));
server.registerMethod(
  TASK_CANCEL_METHOD,
  createTaskCancelHandler({ storage, registry: cancellationRegistry }),
);
server.registerStreamingMethod(
  MESSAGE_STREAM_METHOD,
  createMessageStreamHandler({
    storage,
    executor: streaming.asHandler(),
    cancellationRegistry,
    eventBusRegistry,
  }),
);
server.registerStreamingMethod(
  TASK_RESUBSCRIBE_METHOD,
  createTaskResubscribeHandler({ storage, eventBusRegistry }),
);

/** The message/send path: queued tasks run one after another, each cancelable through the registry. */
async function runWorker() {
  for (;;) {
    const task = await storage.dequeue();
    const controller = new AbortController();
    cancellationRegistry.register(task.id, controller);
    try {
      storage.updateActive(task);
      const message = task.messages[task.messages.length - 1];
      let result = await background.handle({ task, message, signal: controller.signal });
      if (storage.getTask(task.id)?.state === TASK_STATE.CANCELLED) continue;
      if (!isTerminal(result.state) && result.state !== TASK_STATE.INPUT_REQUIRED)
        result = transitionTask(result, TASK_STATE.FAILED);
      if (isTerminal(result.state)) storage.storeDeadLetter(result);
      else storage.updateActive(result);
    } catch (err) {
      console.error(`task ${task.id}:`, err);
    } finally {
      cancellationRegistry.unregister(task.id);
    }
  }
}
void runWorker();

await server.listen(PORT, HOST);
ready(`http://${HOST}:${PORT}`);
