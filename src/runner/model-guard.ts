import { checkUrl, type OutboundPolicy } from "../net/outbound-policy.js";

// The model endpoint is the user's own configuration, so loopback and private servers (Ollama, vLLM) are
// fine; metadata addresses never are, whatever the policy (docs/architecture.md, outbound safety).
const modelPolicy: OutboundPolicy = { allowLoopback: true, allowPrivate: true, allowHosts: [] };

/** Refuses a model URL the outbound rules forbid whatever the run's policy (a metadata address). */
export async function guardModelUrl(url: string): Promise<void> {
  await checkUrl(url, modelPolicy);
}
