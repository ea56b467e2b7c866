import type { PushConfig } from "./types.js";

/** The members every generation's push config shares, with the authentication as that generation spells it. */
function withAuthentication(config: PushConfig, authentication: Record<string, unknown> | undefined) {
  return {
    ...(config.id ? { id: config.id } : {}),
    url: config.url,
    ...(config.token ? { token: config.token } : {}),
    ...(authentication ? { authentication } : {}),
  };
}

const credentialsOf = (auth: NonNullable<PushConfig["authentication"]>) =>
  auth.credentials ? { credentials: auth.credentials } : {};

/** A 1.0 TaskPushNotificationConfig without its taskId: one auth `scheme` (A2A 1.0.1 §4.3). */
export function flatPushConfig(config: PushConfig): Record<string, unknown> {
  const auth = config.authentication;
  return withAuthentication(config, auth && { scheme: auth.scheme, ...credentialsOf(auth) });
}

/** A 0.x PushNotificationConfig: its authentication lists `schemes` (A2A 0.3 §6.8-6.9). */
export function nestedPushConfig(config: PushConfig): Record<string, unknown> {
  const auth = config.authentication;
  return withAuthentication(config, auth && { schemes: [auth.scheme], ...credentialsOf(auth) });
}
