/**
 * The checks speak the command line's language ("pass --hint input-required=…", "no --peer agent");
 * on the web the same settings are fields of the test, so the text names those instead.
 */
export function forTheWeb(text: string): string {
  return text
    .replace(
      /pass --hint input-required="\.\.\."/g,
      'fill in "A message that makes the agent ask back" in the test (config.hints.input-required)',
    )
    .replace(/--hint slow=("\.\.\.")?/g, '"A message that keeps the agent working" (config.hints.slow)')
    .replace(
      /--hint input-required=("\.\.\.")?/g,
      '"A message that makes the agent ask back" (config.hints.input-required)',
    )
    .replace(
      /no --peer agent was given/g,
      'no peer agent is set (the test\'s "Peer agent URL", config.peer_url)',
    )
    .replace(/--peer\b/g, "the peer agent (config.peer_url)");
}
