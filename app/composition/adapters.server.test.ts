import { describe, expect, it } from "vitest";
import { getApp } from "./app.server";
import { composeAdapters } from "./adapters.server";
import { ConfigError } from "~/lib/env.server";

describe("composeAdapters", () => {
  it("refuses configuration an adapter cannot use with a ConfigError, which npm start prints like any bad variable", async () => {
    const app = await getApp();
    // Passes the env schema (a URL), but names no SMTP host.
    const env = { ...app.env, EMAIL_PROVIDER: "smtp" as const, SMTP_URL: "smtp://" };
    expect(() => composeAdapters(env, app.database, app.logger)).toThrow(ConfigError);
    expect(() => composeAdapters(env, app.database, app.logger)).toThrow(/EMAIL_PROVIDER=smtp/);
  });
});
