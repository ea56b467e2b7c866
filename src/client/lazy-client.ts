import type { A2AClient, ClientTarget } from "./types.js";

/**
 * A client whose implementation is loaded on its first call: the gRPC binding pulls in grpc-js and
 * both SDKs' protobuf codecs, which a run over HTTP alone (and `plainwright card`) should not load.
 */
export function lazyClient(target: ClientTarget, load: () => Promise<A2AClient>): A2AClient {
  let loading: Promise<A2AClient> | undefined;
  let loaded: A2AClient | undefined;
  let closed = false;
  const client = (): Promise<A2AClient> =>
    (loading ??= load().then((c) => {
      loaded = c;
      if (closed) c.close();
      return c;
    }));
  return {
    target,
    send: (input, options) => client().then((c) => c.send(input, options)),
    prepareSend: (input) => {
      let prepared: Promise<() => ReturnType<A2AClient["send"]>> | undefined;
      return () => (prepared ??= client().then((c) => c.prepareSend(input))).then((send) => send());
    },
    stream: (input, onEvent) => client().then((c) => c.stream(input, onEvent)),
    getTask: (id, historyLength) => client().then((c) => c.getTask(id, historyLength)),
    listTasks: (query) => client().then((c) => c.listTasks(query)),
    cancelTask: (id) => client().then((c) => c.cancelTask(id)),
    subscribe: (id, onEvent) => client().then((c) => c.subscribe(id, onEvent)),
    setPushConfig: (taskId, config) => client().then((c) => c.setPushConfig(taskId, config)),
    getPushConfig: (taskId, configId) => client().then((c) => c.getPushConfig(taskId, configId)),
    listPushConfigs: (taskId) => client().then((c) => c.listPushConfigs(taskId)),
    deletePushConfig: (taskId, configId) => client().then((c) => c.deletePushConfig(taskId, configId)),
    getExtendedCard: () => client().then((c) => c.getExtendedCard()),
    close: () => {
      closed = true;
      loaded?.close();
    },
  };
}
