import type { LearnedEndpoints, LearnedPartForm, LearnedSkill } from "./types.js";

/**
 * The facts learned of each endpoint in one run. The first learned stays: a later check that sees the agent
 * otherwise (an answer after an error) does not change how the checks already judged reached it.
 */
export class LearnedEndpointsMemory implements LearnedEndpoints {
  readonly #partForms = new Map<string, LearnedPartForm>();
  readonly #takenAsSpecified = new Set<string>();
  readonly #sendRefusals = new Map<string, string>();
  readonly #skills = new Map<string, LearnedSkill>();

  partForm(key: string): LearnedPartForm | undefined {
    return this.#partForms.get(key);
  }

  learnPartForm(key: string, learned: LearnedPartForm): void {
    if (!this.#partForms.has(key)) this.#partForms.set(key, learned);
  }

  tookSpecifiedForm(key: string): boolean {
    return this.#takenAsSpecified.has(key);
  }

  noteSpecifiedFormTaken(key: string): void {
    this.#takenAsSpecified.add(key);
  }

  sendRefusal(key: string): string | undefined {
    return this.#sendRefusals.get(key);
  }

  learnSendByStream(key: string, refusal: string): void {
    if (!this.#sendRefusals.has(key)) this.#sendRefusals.set(key, refusal);
  }

  requiredSkill(key: string): LearnedSkill | undefined {
    return this.#skills.get(key);
  }

  learnRequiredSkill(key: string, learned: LearnedSkill): void {
    if (!this.#skills.has(key)) this.#skills.set(key, learned);
  }
}
