import { describe, expect, it } from "vitest";
import { tokenLifetime } from "./auth.server";

describe("tokenLifetime", () => {
  const env = { ACCESS_TOKEN_MAX_TTL: "90d" };

  it("accepts lifetimes up to ACCESS_TOKEN_MAX_TTL", () => {
    expect(tokenLifetime(env, "24h")).toEqual({ ok: true, seconds: 86_400 });
    expect(tokenLifetime(env, "90d")).toEqual({ ok: true, seconds: 90 * 86_400 });
    expect(tokenLifetime(env, "2160h")).toEqual({ ok: true, seconds: 90 * 86_400 });
  });

  it("refuses longer ones and non-lifetimes, saying why", () => {
    expect(tokenLifetime(env, "91d")).toEqual({ ok: false, error: 'A token can live at most 90d (ACCESS_TOKEN_MAX_TTL); "91d" is longer' });
    expect(tokenLifetime(env, "2161h").ok).toBe(false);
    expect(tokenLifetime(env, "forever")).toMatchObject({ ok: false, error: expect.stringContaining("is not a lifetime") });
    expect(tokenLifetime(env, "0d").ok).toBe(false);
  });
});
