import { TrafficLog } from "../../net/traffic.js";
import type { TrafficHandle, TrafficListener, TrafficRequest } from "../../net/traffic.js";

/**
 * The run's traffic log as one call sees it: entries go to the shared log, and the ids of those this
 * call opened (one per hop, redirects and refused requests included) are remembered. Watching the
 * shared log instead would also catch concurrent calls' entries.
 */
export class CallTraffic extends TrafficLog {
  readonly ids: string[] = [];

  constructor(private readonly shared: TrafficLog) {
    super();
  }

  override start(req: TrafficRequest): TrafficHandle {
    const handle = this.shared.start(req);
    this.ids.push(handle.id);
    return handle;
  }

  override addSecret(value: string): void {
    this.shared.addSecret(value);
  }

  override entries(): ReturnType<TrafficLog["entries"]> {
    return this.shared.entries();
  }

  override onEntry(listener: TrafficListener): () => void {
    return this.shared.onEntry(listener);
  }
}
