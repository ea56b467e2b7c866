import { firstExample } from "../checks/support/peer.js";
import type { PeerAgent } from "../checks/types.js";
import { sendTurn } from "../client/turn.js";
import type { ClientContext } from "../client/types.js";
import { replyText } from "../protocol/reply-text.js";
import type { PeerArtifact } from "../redteam/types.js";
import { connectAgent, unreachableReason } from "./connect.js";

/**
 * The --peer agent (conformance's interop checks, the red team's peer-artifact attack), or why it cannot be
 * one: a peer that is down or is no A2A agent is an error of the run, never a pass.
 */
export async function connectPeer(
  peerUrl: string | undefined,
  clientContext: ClientContext,
): Promise<{ peer?: PeerAgent; error?: string }> {
  if (!peerUrl) return {};
  const connected = await connectAgent({ agentUrl: peerUrl, ctx: { ...clientContext, headers: {} } });
  if (!connected.ok) {
    const why = (connected.agent && unreachableReason(connected.agent)) ?? connected.reason;
    return { error: `--peer ${peerUrl}: ${why}` };
  }
  const { agent, client, negotiation } = connected.connection;
  if (!agent.validation) return { error: `--peer ${peerUrl}: its agent card could not be read` };
  return {
    peer: {
      agentUrl: peerUrl,
      validation: agent.validation,
      client,
      generation: negotiation.generation,
    },
  };
}

/**
 * What the --peer agent answers to its own first skill example (red team: the artifact forwarded, with an
 * instruction planted, to the target). A peer that cannot be reached is an error of the run; one whose reply
 * holds no text leaves the attack nothing to forward, which says so.
 */
export async function peerArtifact(
  peerUrl: string | undefined,
  clientContext: ClientContext,
  budgetMs: number,
): Promise<{ artifact?: PeerArtifact; error?: string; note?: string }> {
  const { peer, error } = await connectPeer(peerUrl, clientContext);
  if (!peer) return error ? { error } : {};
  try {
    const turn = await sendTurn(
      peer.client,
      { text: firstExample(peer.validation) },
      { deadline: Date.now() + budgetMs, pollIntervalMs: 250, traffic: clientContext.traffic },
    );
    if (turn.failure || !turn.reply) return { error: `--peer ${peerUrl}: ${turn.failure ?? "no reply"}` };
    const text = replyText(turn.reply).trim();
    if (text === "") return { note: `--peer ${peerUrl}: its reply held no text to forward` };
    return { artifact: { agent: peer.validation.card.name || new URL(peer.agentUrl).host, text } };
  } finally {
    peer.client.close();
  }
}
