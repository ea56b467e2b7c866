import type { ClientTarget } from "../types.js";

/** Query parameters of one call; undefined values are left out. */
export type QueryParams = Record<string, string | number | boolean | undefined>;

const seg = (value: string): string => encodeURIComponent(value);

/**
 * The URLs of the HTTP+JSON binding (A2A 1.0 §11), relative to the interface URL: 0.3 puts every
 * route under `/v1` (the 0.3 proto's HTTP annotations); 1.0 drops `/v1` and prefixes a declared
 * tenant, which a client MUST send with every request (1.0 AgentInterface.tenant).
 */
export class RestRoutes {
  readonly #base: string;
  readonly #v10: boolean;
  /** A query the interface URL itself carries, kept on every request. */
  readonly #baseQuery: string;

  constructor(
    target: ClientTarget,
    private readonly extraQuery: Record<string, string> = {},
  ) {
    const [path = "", query = ""] = target.url.split("#")[0]?.split("?", 2) ?? [];
    this.#v10 = target.generation === "1.0";
    const prefix = this.#v10 ? (target.tenant ? `/${seg(target.tenant)}` : "") : "/v1";
    this.#base = path.replace(/\/+$/, "") + prefix;
    this.#baseQuery = query;
  }

  sendMessage(): string {
    return this.#url("message:send");
  }

  streamMessage(): string {
    return this.#url("message:stream");
  }

  task(id: string, query: QueryParams = {}): string {
    return this.#url(`tasks/${seg(id)}`, query);
  }

  tasks(query: QueryParams = {}): string {
    return this.#url("tasks", query);
  }

  cancel(id: string): string {
    return this.#url(`tasks/${seg(id)}:cancel`);
  }

  subscribe(id: string): string {
    return this.#url(`tasks/${seg(id)}:subscribe`);
  }

  pushConfigs(taskId: string): string {
    return this.#url(`tasks/${seg(taskId)}/pushNotificationConfigs`);
  }

  pushConfig(taskId: string, configId: string): string {
    return this.#url(`tasks/${seg(taskId)}/pushNotificationConfigs/${seg(configId)}`);
  }

  /** 0.3 `GET /v1/card`, 1.0 `GET /extendedAgentCard`. */
  extendedCard(): string {
    return this.#url(this.#v10 ? "extendedAgentCard" : "card");
  }

  // Built as text, not with `new URL`, so a malformed interface URL reaches the outbound policy,
  // which refuses it as a value instead of this code throwing.
  #url(path: string, query: QueryParams = {}): string {
    const params = new URLSearchParams(this.#baseQuery);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) params.set(name, String(value));
    }
    // Credentials "in: query" go on every request, after the call's own parameters.
    for (const [name, value] of Object.entries(this.extraQuery)) params.set(name, value);
    const text = params.toString();
    return `${this.#base}/${path}${text ? `?${text}` : ""}`;
  }
}
