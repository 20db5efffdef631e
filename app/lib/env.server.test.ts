import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("gives the documented defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      BRAND_NAME: "Kinetic",
      CREDITS_PER_GENERATION: 1,
      NEW_USER_CREDITS: 50,
      LLM_PROVIDER: "auto",
      EMBEDDINGS_PROVIDER: "auto",
      VECTOR_INDEX: "libsql",
      EMAIL_PROVIDER: "outbox",
      JSON_BODY_LIMIT_BYTES: 5 * 1024 * 1024,
    });
  });

  it("reads TRUST_PROXY as a list of addresses and CIDR ranges, none by default, and refuses anything else", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual([]);
    expect(parseEnv({ TRUST_PROXY: " 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8, loopback" }).TRUST_PROXY).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    for (const bad of ["true", "10.0.0.0/33", "proxy.example", "10.0.0.1/8/8", "::1/129"])
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it("gives the connection limits' defaults and keeps the headers' time within the request's", () => {
    expect(parseEnv({})).toMatchObject({
      MAX_CONNECTIONS: 0,
      MAX_CONNECTIONS_PER_ADDRESS: 128,
      HEADERS_TIMEOUT_SECONDS: 10,
      REQUEST_TIMEOUT_SECONDS: 30,
      KEEP_ALIVE_TIMEOUT_SECONDS: 5,
    });
    expect(() => parseEnv({ HEADERS_TIMEOUT_SECONDS: "40" })).toThrow(/HEADERS_TIMEOUT_SECONDS/);
    expect(() => parseEnv({ MAX_CONNECTIONS_PER_ADDRESS: "0" })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });

  it("signs with DKIM only when domain, selector and key are all set", () => {
    const dkim = { DKIM_DOMAIN: "acme.example", DKIM_SELECTOR: "k1", DKIM_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----" };
    expect(parseEnv(dkim).DKIM_SELECTOR).toBe("k1");
    expect(parseEnv({ ...dkim, DKIM_PRIVATE_KEY: undefined, DKIM_PRIVATE_KEY_FILE: "/run/secrets/dkim.pem" }).DKIM_PRIVATE_KEY_FILE).toBe(
      "/run/secrets/dkim.pem",
    );
    expect(() => parseEnv({ DKIM_DOMAIN: "acme.example" })).toThrow(/DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY/);
    expect(() => parseEnv({ ...dkim, DKIM_PRIVATE_KEY_FILE: "/k.pem" })).toThrow(/either it or DKIM_PRIVATE_KEY/);
    expect(parseEnv({}).SENDER_DOMAINS).toBeUndefined();
  });

  it("lists every bad variable by name", () => {
    try {
      parseEnv({ PORT: "eighty", EMAIL_PROVIDER: "pigeon", JWT_SECRET: "short", BASE_URL: "not a url" });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const message = (e as Error).message;
      for (const name of ["PORT", "EMAIL_PROVIDER", "JWT_SECRET", "BASE_URL"]) expect(message).toContain(name);
    }
  });

  it("requires each provider's settings when it is selected", () => {
    expect(() => parseEnv({ EMAIL_PROVIDER: "mailgun" })).toThrow(/MAILGUN_API_KEY[\s\S]*MAILGUN_DOMAIN/);
    expect(() => parseEnv({ EMAIL_PROVIDER: "smtp" })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ VECTOR_INDEX: "pinecone" })).toThrow(/PINECONE_API_KEY/);
    expect(() => parseEnv({ LLM_PROVIDER: "anthropic" })).toThrow(/ANTHROPIC_API_KEY/);
    expect(parseEnv({ EMAIL_PROVIDER: "smtp", SMTP_URL: "smtp://u:p@localhost:2525" }).SMTP_URL).toBe("smtp://u:p@localhost:2525");
  });

  it("reads the Svix secret's format: whsec by default, raw only with the svix scheme", () => {
    expect(parseEnv({}).WEBHOOK_SECRET_FORMAT).toBe("whsec");
    expect(parseEnv({ WEBHOOK_SCHEME: "svix", WEBHOOK_SECRET_FORMAT: "raw" }).WEBHOOK_SECRET_FORMAT).toBe("raw");
    expect(() => parseEnv({ WEBHOOK_SCHEME: "mailgun", WEBHOOK_SECRET_FORMAT: "raw" })).toThrow(/WEBHOOK_SECRET_FORMAT/);
    expect(() => parseEnv({ WEBHOOK_SCHEME: "svix", WEBHOOK_SECRET_FORMAT: "hex" })).toThrow(/WEBHOOK_SECRET_FORMAT/);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ ADMIN_EMAIL: "", OPENAI_API_KEY: " " })).toMatchObject({ ADMIN_EMAIL: undefined, OPENAI_API_KEY: undefined });
  });
});
