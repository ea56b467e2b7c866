// Two Node 22 APIs OmniRoute 3.7.9's prebuilt server calls although its package.json accepts Node
// 20.20: undici's worker_threads.markAsUncloneable (the server fails to start without it) and
// Promise.withResolvers (every model call fails without it). Neither touches its A2A code.
const workerThreads = require("node:worker_threads");
if (!workerThreads.markAsUncloneable) workerThreads.markAsUncloneable = () => {};
if (!Promise.withResolvers) {
  Promise.withResolvers = function withResolvers() {
    let resolve;
    let reject;
    const promise = new this((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
