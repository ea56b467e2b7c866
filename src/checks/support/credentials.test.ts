import { describe, expect, it } from "vitest";
import { emptyCard } from "../../card/normalize.js";
import { withWrongCredentials, withoutCredentials } from "./credentials.js";

const card = {
  ...emptyCard("1.0"),
  securitySchemes: { key: { apiKeySecurityScheme: { name: "X-Agent-Key", location: "header" } } },
};
const given = {
  headers: {
    Authorization: "Bearer t0ken-value",
    "X-Agent-Key": "k-123456",
    "X-Tenant-Token": "tenant-secret",
    "X-Session-Id": "s-1",
    "X-Request-Source": "ci",
  },
  query: {},
};

describe("a probe without the run's credentials", () => {
  it("drops every header that carries or looks like a credential, declared by the card or not, and keeps the others", () => {
    expect(withoutCredentials(card, given).headers).toEqual({ "X-Request-Source": "ci" });
  });

  it("with wrong credentials, replaces each of them by a value no agent issued", () => {
    const wrong = withWrongCredentials(card, given).headers;
    expect(wrong["X-Request-Source"]).toBe("ci");
    for (const name of ["X-Agent-Key", "X-Tenant-Token", "X-Session-Id"])
      expect(wrong[name]).toMatch(/^plainwright-wrong-/);
    expect(wrong.Authorization).toMatch(/^Bearer plainwright-wrong-/);
  });
});
