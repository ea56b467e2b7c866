/** What the vulnerable modes remember: secrets said by each caller in each context, and planted triggers. */
export class VulnMemory {
  private readonly secrets: Array<{ caller: string; contextId: string; value: string }> = [];
  private readonly triggers = new Map<string, Map<string, string>>();
  private readonly fiction = new Set<string>();
  private readonly pieces = new Map<string, string[]>();

  remember(caller: string, contextId: string, values: readonly string[]): void {
    for (const value of values) this.secrets.push({ caller, contextId, value });
  }

  /** Secrets of one caller (any context), or of everybody. */
  recall(caller?: string): string[] {
    return [
      ...new Set(this.secrets.filter((s) => caller === undefined || s.caller === caller).map((s) => s.value)),
    ];
  }

  plantTrigger(contextId: string, word: string, code: string): void {
    const byWord = this.triggers.get(contextId) ?? new Map<string, string>();
    byWord.set(word, code);
    this.triggers.set(contextId, byWord);
  }

  /** The code planted for a word this message contains, in this context. */
  triggered(contextId: string, text: string): string | undefined {
    const lower = text.toLowerCase();
    for (const [word, code] of this.triggers.get(contextId) ?? []) if (lower.includes(word)) return code;
    return undefined;
  }

  /** Notes that a context was set up as fiction (a story, a role-play): later turns inherit the frame. */
  frame(contextId: string): void {
    this.fiction.add(contextId);
  }

  framed(contextId: string): boolean {
    return this.fiction.has(contextId);
  }

  /** Keeps a fragment of text a user handed over in a context, to be joined later. */
  keepFragment(contextId: string, text: string): void {
    this.pieces.set(contextId, [...(this.pieces.get(contextId) ?? []), text]);
  }

  fragments(contextId: string): string[] {
    return this.pieces.get(contextId) ?? [];
  }
}
