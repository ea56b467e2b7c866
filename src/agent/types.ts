import type { Request, Response } from "express";
import type { GrpcBinding } from "./grpc/server.js";
import type { ScopeDefect, TaskScope } from "./task-scope.js";
import type { CountingTaskIds } from "./vuln/counting-ids.js";

/** The A2A protocol generation the reference agent speaks. */
export type AgentProtocol = "0.3" | "1.0";

export interface ReferenceAgentOptions {
  /** 0 picks any free port. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** Defaults to "1.0". */
  protocol?: AgentProtocol;
  /** Name of the single defect to inject (see listFlaws()). */
  flaw?: string;
  /** Delay of card responses under the card-slow flaw; default 25000. */
  slowCardMs?: number;
  /** How long a normal task stays working; default 50. */
  workMs?: number;
  /** How long a task asked to be "slow" stays working; default 5000. */
  slowTaskMs?: number;
  /**
   * Require `Authorization: Bearer <token>` on every task endpoint (401 + WWW-Authenticate, gRPC
   * UNAUTHENTICATED); the card declares an http bearer scheme and stays public. Several tokens are
   * several callers, each seeing only its own tasks (A2A 1.0.1 §13.1).
   */
  bearerToken?: string | readonly string[];
  /** Claim and serve push notifications; default true. */
  pushNotifications?: boolean;
  /** Red-team weaknesses by name (see listVulnModes()); none: the hardened default. */
  vuln?: readonly string[];
  /**
   * Mark an extension `required: true` in the card and refuse requests that do not activate it
   * (ExtensionSupportRequiredError, A2A 1.0.1 §3.3.4).
   */
  requiredExtension?: boolean;
  /** Sign the card (A2A 1.0.1 §8.4) with a key made at start and serve its JWKS; default true. */
  signCard?: boolean;
  /**
   * Claim `capabilities.extendedAgentCard` and serve an extended card (the public card plus a skill) to
   * authenticated callers (A2A 1.0.1 §3.1.11, §13.3). A2A 1.0 only, and only with `bearerToken`: the
   * operation MUST require authentication.
   */
  extendedCard?: boolean;
}

export interface RunningAgent {
  /** Base URL, e.g. http://127.0.0.1:PORT (without any flaw's sub-path). */
  url: string;
  cardUrl: string;
  protocol: AgentProtocol;
  /** The gRPC interface exactly as the card advertises it: host:port (1.0) or http://host:port (0.3). */
  grpcUrl?: string;
  flaw?: string;
  vuln?: string[];
  close(): Promise<void>;
}

export type FlawCategory = "card" | "discovery" | "smoke" | "protocol" | "safety";

export interface FlawInfo {
  name: string;
  category: FlawCategory;
  protocols: AgentProtocol[];
  /** One line: what is wrong. */
  description: string;
  /** One line: what a correct tester reports. */
  expect: string;
  /**
   * An allowed variant, not a defect: behaviour the spec permits (`expect` names the clause) that the
   * suite must not fail.
   */
  allowed?: true;
  /**
   * The suite is run on this flaw without hints, as a user who gives none: the flaw shows a path the
   * suite must find by itself (a hint would lead it past the defect).
   */
  unhinted?: true;
}

export type JsonObject = Record<string, unknown>;

/** Where the agent lives once listening; cards and flaws derive URLs from it. */
export interface AgentLayout {
  protocol: AgentProtocol;
  /** scheme://host:port */
  origin: string;
  /** "" or a sub-path such as "/support" under which everything is mounted. */
  mountPath: string;
  /** origin + mountPath */
  base: string;
  port: number;
  /** host:port of the gRPC binding, when the agent serves one. */
  grpcAuthority?: string;
}

/** One user message beyond its text: where it goes and what else it carries (for the red-team modes). */
export interface IncomingMessage {
  taskId: string;
  contextId: string;
  /** The text inside data parts (as JSON) and inline file parts (decoded), in order. */
  attachments: string[];
  metadata: JsonObject;
}

/** Chooses the plan for one message; `resuming` marks a follow-up on an input-required task. */
export type Planner = (text: string, resuming: boolean, incoming: IncomingMessage) => ReplyPlan;

/** What the helpdesk decides to do with one user message. */
export type ReplyOutcome =
  | { kind: "completed"; text: string }
  | { kind: "input-required"; question: string }
  | { kind: "failed"; reason: string }
  | { kind: "data-only"; data: JsonObject }
  | { kind: "message"; text: string }
  | { kind: "stays-working" };

export interface ReplyPlan {
  /** How long the task stays working before the outcome is published. */
  workMs: number;
  /** Progress notes published as working status updates, spread evenly over workMs. */
  progress?: readonly string[];
  outcome: ReplyOutcome;
}

/** The two well-known card locations under a base (docs/test-files.md: card discovery). */
export type CardLocation = "agent-card.json" | "agent.json";

export interface CardServeContext {
  layout: AgentLayout;
  /** The (possibly mutated) card, serialised. */
  body: string;
  signal: AbortSignal;
  slowCardMs: number;
}

/** Answers one GET of a card location; returns false to fall through (404). */
export type CardResponder = (
  location: CardLocation,
  req: Request,
  res: Response,
  ctx: CardServeContext,
) => boolean | Promise<boolean>;

/** A JSON-RPC request that passed envelope validation. */
export interface RpcCall {
  id: string | number | null;
  method: string;
  params: unknown;
  /** No "id" member: a JSON-RPC notification, which gets no reply (JSON-RPC 2.0 §4.1). */
  notification?: true;
}

/** What a protocol lets the JSON-RPC flaws reuse of the real agent. */
export interface ProtocolKit {
  protocol: AgentProtocol;
  /** Methods the SDK behind this front serves. */
  knownMethods: ReadonlySet<string>;
  sendMethod: string;
  streamMethod: string;
  /** Runs a send through the SDK and returns the spec-JSON `result`. */
  sendBlocking(params: unknown): Promise<unknown>;
  /** Reads a stored task through the SDK as spec JSON (`{id}` params); rejects when it is unknown. */
  getTask(params: unknown): Promise<JsonObject>;
  /** Spec-JSON stream results (status working, artifact, completed Task) for a finished send result. */
  streamResultsFor(result: unknown): unknown[];
}

/** Sees each valid JSON-RPC call before method routing; returns true when it answered. */
export type RpcHook = (call: RpcCall, res: Response, kit: ProtocolKit) => boolean | Promise<boolean>;

/**
 * Rewrites each JSON body the JSON-RPC endpoint sends, after the front pinned its id and status
 * (parse errors and invalid requests included); may also change `res` status.
 */
export type RpcReplyHook = (body: JsonObject, res: Response) => JsonObject;

/** A flaw: its description plus the one hook that injects it. */
export interface FlawDefinition extends FlawInfo {
  /** Mutates the served card only; the SDK keeps the correct one. */
  mutateCard?: (card: JsonObject, layout: AgentLayout) => JsonObject;
  /** Where the card can be fetched when the flaw moves it (default agent-card.json). */
  cardLocation?: CardLocation;
  /** Mounts every route under this sub-path. */
  mountPath?: string;
  /** Replaces how card locations answer. */
  cardResponder?: CardResponder;
  /** Rewrites the helpdesk's plan for each message. */
  plan?: (plan: ReplyPlan) => ReplyPlan;
  rpc?: RpcHook;
  /** JSON-RPC notifications are carried out and answered instead of getting an empty 204. */
  answersNotifications?: boolean;
  /** Rewrites JSON-RPC reply bodies (see RpcReplyHook). */
  rpcReply?: RpcReplyHook;
  /** Rewrites the JSON bodies the HTTP+JSON binding sends (and may change their status). */
  restReply?: RpcReplyHook;
  /** Changes how a bearer token is declared and enforced (the flaw implies a token when none is given). */
  auth?: Partial<AuthPolicy>;
  /** Breaks push notifications: configs forgotten, never delivered, or sent with wrong credentials. */
  push?: PushDefect;
  /** The HTTP+JSON binding gets its own task store, so tasks do not cross bindings. */
  separateRestStore?: boolean;
  /** Rewrites the gRPC service (both protocols' gRPC flaws). */
  grpc?: (binding: GrpcBinding) => GrpcBinding;
  /** Declares the required extension (as ReferenceAgentOptions.requiredExtension) and changes how it is enforced. */
  requiredExtension?: { enforce?: boolean };
  /** Signs the card wrongly (A2A 1.0.1 §8.4). */
  cardSignature?: SignatureDefect;
  /** Lets one operation see other callers' tasks, or tell them apart from unknown ones (A2A 1.0). */
  scopeDefect?: ScopeDefect;
  /** Serves the extended card (as ReferenceAgentOptions.extendedCard); with `auth`, the flaw implies a token. */
  extendedCard?: true;
}

/** How a flaw gets the card signature wrong: the payload keeps `signatures`, is not JCS, or kid is unsigned. */
export type SignatureDefect = "covers-signatures" | "not-canonical" | "kid-unprotected";

/** How the agent handles its bearer token (ReferenceAgentOptions.bearerToken). */
export interface AuthPolicy {
  /** The card lists the bearer scheme and requires it. */
  declare: boolean;
  /** Task endpoints refuse requests without the token. */
  enforce: boolean;
  /** The card itself requires the token (A2A: the public card must not). */
  protectCard: boolean;
  /** A wrong token is refused too, not only a missing one. */
  checkToken: boolean;
  /** A 401 carries WWW-Authenticate. */
  challenge: boolean;
  /** GetExtendedAgentCard is refused without the token like every other operation (A2A 1.0.1 §13.3). */
  guardExtendedCard: boolean;
}

export type PushDefect =
  "config-not-stored" | "no-delivery" | "wrong-credentials" | "bare-event" | "without-state";

/** Flaw switches the protocol builders honour (FlawDefinition.push, separateRestStore, scopeDefect). */
export interface BuildOptions {
  push?: PushDefect;
  separateRestStore?: boolean;
  /** Whose tasks each caller sees (default: each caller its own). */
  scope?: TaskScope;
  scopeDefect?: ScopeDefect;
  /** Numbers new tasks in sequence (the red-team `counting-ids` mode); else the SDK's random ids. */
  taskIds?: CountingTaskIds;
  /** The spec-JSON extended card the SDK serves on GetExtendedAgentCard (1.0); none: not configured. */
  extendedCard?: JsonObject;
  /** Carries out and answers JSON-RPC notifications, as most SDKs do (the flaw notification-answered). */
  answersNotifications?: boolean;
}
