import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestHandler } from "express";

/**
 * Who is calling, for the whole of one HTTP request (the SDK runs the executor inside it). A caller is
 * named by its credentials: the Authorization header, else an API key header, else "anonymous".
 */
const store = new AsyncLocalStorage<string>();

export function callerOf(headers: Record<string, string | string[] | undefined>): string {
  const pick = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return pick("authorization") ?? pick("x-api-key") ?? "anonymous";
}

/** Middleware that makes `currentCaller()` answer for the rest of the request. */
export const rememberCaller: RequestHandler = (req, _res, next) => {
  store.run(callerOf(req.headers), next);
};

/** The caller of the HTTP request being served; undefined outside one (gRPC, whose callers are not tracked). */
export function currentCaller(): string | undefined {
  return store.getStore();
}
