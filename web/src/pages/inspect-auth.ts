import { field, h, mount } from "../dom.js";

/** What the server's inspector-auth schema takes. */
export interface AuthSettings {
  type: "none" | "bearer" | "basic" | "apikey";
  token?: string;
  username?: string;
  password?: string;
  key_name?: string;
  key_value?: string;
  key_in?: "header" | "query";
  headers: { name: string; value: string }[];
}

/** The Authentication & Headers panel (the inspector guide): bearer, basic, API key in a header or the query, custom headers. */
export function authPanel(): { element: HTMLElement; read: () => AuthSettings } {
  const type = h("select", { name: "auth-type" }, [
    h("option", { value: "none" }, "No authentication"),
    h("option", { value: "bearer" }, "Bearer token"),
    h("option", { value: "basic" }, "Basic (user and password)"),
    h("option", { value: "apikey" }, "API key"),
  ]);
  const token = h("input", { name: "auth-token", type: "password", autocomplete: "off" });
  const user = h("input", { name: "auth-user", autocomplete: "off" });
  const password = h("input", { name: "auth-password", type: "password", autocomplete: "off" });
  const keyName = h("input", { name: "auth-key-name", value: "X-API-Key" });
  const keyValue = h("input", { name: "auth-key-value", type: "password", autocomplete: "off" });
  const keyIn = h(
    "select",
    { name: "auth-key-in" },
    h("option", { value: "header" }, "in a header"),
    h("option", { value: "query" }, "in the query string"),
  );
  const headers = h("textarea", {
    name: "auth-headers",
    rows: 3,
    placeholder: "X-Custom: value (one per line)",
  });
  const fields = h("div", { class: "auth-fields" });
  const showFields = () => {
    const t = type.value;
    mount(
      fields,
      t === "bearer" ? field("Token", token) : null,
      t === "basic" ? [field("User", user), field("Password", password)] : null,
      t === "apikey"
        ? [
            field("Name", keyName),
            field("Value", keyValue),
            field(
              "Sent",
              keyIn,
              "A query-string key is added to every chat request (and to a card URL ending in .json).",
            ),
          ]
        : null,
    );
  };
  type.addEventListener("change", showFields);
  showFields();
  const element = h(
    "details",
    { class: "auth-panel" },
    h("summary", {}, "Authentication & Headers"),
    h("div", { class: "row" }, field("Authentication", type)),
    fields,
    field("Custom headers", headers, "One 'Name: value' per line, sent with every request."),
    h("p", { class: "muted" }, "Credentials are redacted in the debug console."),
  );
  const read = (): AuthSettings => {
    const custom = headers.value
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.includes(":"))
      .map((l) => ({ name: l.slice(0, l.indexOf(":")).trim(), value: l.slice(l.indexOf(":") + 1).trim() }));
    const settings: AuthSettings = { type: type.value as AuthSettings["type"], headers: custom };
    if (settings.type === "bearer") settings.token = token.value;
    if (settings.type === "basic")
      Object.assign(settings, { username: user.value, password: password.value });
    if (settings.type === "apikey")
      Object.assign(settings, {
        key_name: keyName.value.trim(),
        key_value: keyValue.value,
        key_in: keyIn.value,
      });
    return settings;
  };
  return { element, read };
}
