import { LlmError, type ChatRequest, type LanguageModelClient } from "../llm/types.js";

/** A model that could not be reached at all, and the failure that showed it. */
export interface UnreachableModel {
  model: LanguageModelClient;
  cause: string;
}

/**
 * Watches the model calls of a conversation run: when the first call has an answer (or failed), and
 * whether a model could not be reached at all (connection refused, unknown host: LlmError "network").
 * Trials after the first wait for that answer, so a model that is down is found once, not once per trial.
 */
export class ModelWatch {
  #down: UnreachableModel | undefined;
  #called = false;
  #settle: () => void = () => undefined;
  /** Resolves once the first model call has settled, or `release` was called (a trial ended without one). */
  readonly settled = new Promise<void>((resolve) => (this.#settle = resolve));

  /** The model found unreachable, if one was. */
  get down(): UnreachableModel | undefined {
    return this.#down;
  }

  /** Ends the wait whatever happened: bounded by the first trial, which may make no model call at all. */
  release(): void {
    this.#settle();
  }

  /**
   * `model`, its calls watched: calls made while the first one is pending wait for its answer, and once a
   * model is found unreachable no further call is made (each fails at once with the same cause).
   */
  wrap(model: LanguageModelClient): LanguageModelClient {
    const chat = async <T>(request: ChatRequest<T>) => {
      if (this.#called) await this.settled;
      this.#called = true;
      if (this.#down) throw new LlmError("network", this.#down.cause);
      try {
        return await model.chat(request);
      } catch (error) {
        if (error instanceof LlmError && error.code === "network")
          this.#down ??= { model, cause: error.message };
        throw error;
      } finally {
        this.#settle();
      }
    };
    return { id: model.id, ...(model.servedAt !== undefined ? { servedAt: model.servedAt } : {}), chat };
  }
}

/** What to check when a model cannot be reached: the same advice wherever a run needs a model. */
export const MODEL_SETUP_HINT =
  "check that it is running and that PLAINWRIGHT_MODEL and its base URL (PLAINWRIGHT_MODEL_BASE_URL, or the provider's own) name it";

/** "the model ID at URL cannot be reached (cause)": the first half of every such message. */
export function unreachableModel({ model, cause }: UnreachableModel): string {
  const where = model.servedAt ? ` at ${model.servedAt}` : "";
  return `the model ${model.id}${where} cannot be reached (${cause})`;
}
