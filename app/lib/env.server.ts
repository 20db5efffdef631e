// The only reader of process.env. Parsed once, at first use (start-up), with a readable list of
// every bad variable. Secrets left unset are generated once and kept under the data folder so a
// restart keeps tokens and sessions valid.
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));
const optionalUrl = optionalString.pipe(z.string().url().optional());

/** One TRUST_PROXY entry: an IPv4 or IPv6 address, optionally with a /prefix, or `loopback`. */
function isProxyEntry(entry: string): boolean {
  if (entry === "loopback") return true;
  const [address, prefix, ...rest] = entry.split("/");
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
/** A comma-separated list of proxy addresses and CIDR ranges; empty (the default) trusts none. */
const proxyList = z
  .string()
  .default("")
  .transform((v) =>
    v
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine(
    (entries) => entries.every(isProxyEntry),
    "must be a comma-separated list of IP addresses, CIDR ranges (10.0.0.0/8) or `loopback`",
  );

const EnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: int(3000, 1).pipe(z.number().max(65535)),
  HOST: z.string().default("0.0.0.0"),
  BASE_URL: optionalUrl,
  KINETIC_DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^(file:|libsql:|https?:|wss?:)/, "must start with file:, libsql://, http(s):// or ws(s)://")
      .optional(),
  ),
  DATABASE_AUTH_TOKEN: optionalString,
  JWT_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  ACCESS_TOKEN_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, "must look like 30m, 24h or 7d")
    .default("24h"),
  ACCESS_TOKEN_MAX_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, "must look like 30d or 2160h")
    .default("90d"),
  SESSION_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, "must look like 12h or 14d")
    .default("14d"),
  LOGIN_MAX_ATTEMPTS_PER_IP: int(30, 1),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: int(5, 1),
  LOGIN_WINDOW_SECONDS: int(900, 1),
  // `insecure-test` is for test suites only (app/lib/password.server.ts, docs/security.md).
  PASSWORD_HASH_COST: z.enum(["owasp", "insecure-test"]).default("owasp"),
  TRUST_PROXY: proxyList,
  MAX_CONNECTIONS: int(0, 0),
  MAX_CONNECTIONS_PER_ADDRESS: int(128, 1),
  HEADERS_TIMEOUT_SECONDS: int(10, 1),
  REQUEST_TIMEOUT_SECONDS: int(30, 1),
  KEEP_ALIVE_TIMEOUT_SECONDS: int(5, 1),
  BRAND_NAME: z.string().min(1).default("Kinetic"),
  ADMIN_EMAIL: optionalString.pipe(z.string().email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, "must be at least 8 characters").optional()),
  CREDITS_PER_GENERATION: int(1, 0),
  NEW_USER_CREDITS: int(50, 0),
  JSON_BODY_LIMIT_BYTES: int(5 * 1024 * 1024, 1024),
  PAGE_BODY_LIMIT_BYTES: int(1024 * 1024, 1024),
  DB_BUSY_TIMEOUT_MS: int(5000, 0),
  STREAMS_MAX_PER_USER: int(20, 1),
  STREAMS_MAX_TOTAL: int(1000, 1),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_LIBRARY: bool.default("true"),

  LLM_PROVIDER: z.enum(["auto", "anthropic", "openai", "local"]).default("auto"),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  LLM_MODEL: optionalString,
  LLM_MODEL_BRIEF: optionalString,
  LLM_MODEL_COPY: optionalString,
  LLM_MODEL_BLUEPRINT: optionalString,
  LLM_MODEL_CODE: optionalString,
  LLM_MODEL_REWRITE: optionalString,
  LLM_MODEL_RERANK: optionalString,
  LLM_MODEL_JUDGE: optionalString,
  LLM_MODEL_TAG: optionalString,
  LLM_MODEL_REFINE: optionalString,
  LLM_TIMEOUT_MS: int(60_000, 100),
  LLM_MAX_RETRIES: int(2, 0),

  EMBEDDINGS_PROVIDER: z.enum(["auto", "openai", "local"]).default("auto"),
  EMBEDDINGS_MODEL: z.string().default("text-embedding-3-large"),
  VECTOR_INDEX: z.enum(["libsql", "pinecone"]).default("libsql"),
  VECTOR_ANN_THRESHOLD: int(1000, 0),
  PINECONE_API_KEY: optionalString,
  PINECONE_INDEX_HOST: optionalUrl,
  PINECONE_NAMESPACE: z.string().default(""),

  EMAIL_PROVIDER: z.enum(["outbox", "smtp", "mailgun", "resend"]).default("outbox"),
  MAIL_FROM: optionalString,
  SENDER_DOMAINS: optionalString,
  DKIM_DOMAIN: optionalString,
  DKIM_SELECTOR: optionalString,
  DKIM_PRIVATE_KEY: optionalString,
  DKIM_PRIVATE_KEY_FILE: optionalString,
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must look like smtp://user:pass@host:587")
      .optional(),
  ),
  SMTP_TLS_REJECT_UNAUTHORIZED: bool.default("true"),
  MAILGUN_API_KEY: optionalString,
  MAILGUN_DOMAIN: optionalString,
  MAILGUN_API_BASE: z.string().url().default("https://api.mailgun.net"),
  RESEND_API_KEY: optionalString,
  RESEND_BASE_URL: optionalUrl,
  WEBHOOK_SIGNING_SECRET: optionalString,
  WEBHOOK_SCHEME: z.enum(["mailgun", "svix"]).default("mailgun"),
  WEBHOOK_SECRET_FORMAT: z.enum(["whsec", "raw"]).default("whsec"),
  WEBHOOK_MAX_AGE_SECONDS: int(300, 1),
  WEBHOOK_BODY_LIMIT_BYTES: int(256 * 1024, 1024),
  AMP_SURVEY_MAX_PER_MINUTE: int(20, 1),
  ANSWER_LINK_TTL_DAYS: int(90, 1),
  AMP_SURVEY_BODY_LIMIT_BYTES: int(16 * 1024, 256),
  AMP_SURVEY_MAX_PER_ADDRESS_PER_HOUR: int(600, 1),
  AMP_SURVEY_MAX_BYTES_PER_ADDRESS_PER_HOUR: int(1024 * 1024, 1024),
  ALERT_WEBHOOK_URL: optionalUrl,

  AMP_VALIDATOR_JS: optionalString,
});

export type RawEnv = z.infer<typeof EnvSchema>;
export type Env = Omit<RawEnv, "BASE_URL" | "DATABASE_URL" | "JWT_SECRET" | "SESSION_SECRET"> & {
  BASE_URL: string;
  DATABASE_URL: string;
  JWT_SECRET: string;
  SESSION_SECRET: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Pure: validates a variables map and lists every problem, naming each variable. */
export function parseEnv(vars: Record<string, string | undefined>): RawEnv {
  const result = EnvSchema.safeParse(vars);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map(
        (i) => `${i.path.join(".") || "(env)"}: ${i.message} (got ${JSON.stringify(vars[String(i.path[0])] ?? null)})`,
      ),
    );
  }
  const env = result.data;
  const problems: string[] = [];
  if (env.EMAIL_PROVIDER === "smtp" && !env.SMTP_URL) problems.push("SMTP_URL: required when EMAIL_PROVIDER=smtp");
  if (env.EMAIL_PROVIDER === "mailgun") {
    if (!env.MAILGUN_API_KEY) problems.push("MAILGUN_API_KEY: required when EMAIL_PROVIDER=mailgun");
    if (!env.MAILGUN_DOMAIN) problems.push("MAILGUN_DOMAIN: required when EMAIL_PROVIDER=mailgun");
  }
  if (env.WEBHOOK_SECRET_FORMAT === "raw" && env.WEBHOOK_SCHEME !== "svix")
    problems.push("WEBHOOK_SECRET_FORMAT: raw applies only to WEBHOOK_SCHEME=svix (a Mailgun signing key is always used as written)");
  const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY ?? env.DKIM_PRIVATE_KEY_FILE];
  if (dkim.some(Boolean) && !dkim.every(Boolean))
    problems.push("DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE): set all three to sign, or none");
  if (env.DKIM_PRIVATE_KEY && env.DKIM_PRIVATE_KEY_FILE)
    problems.push("DKIM_PRIVATE_KEY_FILE: set either it or DKIM_PRIVATE_KEY, not both");
  if (env.EMAIL_PROVIDER === "resend" && !env.RESEND_API_KEY) problems.push("RESEND_API_KEY: required when EMAIL_PROVIDER=resend");
  if (env.LLM_PROVIDER === "anthropic" && !env.ANTHROPIC_API_KEY) problems.push("ANTHROPIC_API_KEY: required when LLM_PROVIDER=anthropic");
  if (env.LLM_PROVIDER === "openai" && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL)
    problems.push("OPENAI_API_KEY or OPENAI_BASE_URL: required when LLM_PROVIDER=openai");
  if (env.EMBEDDINGS_PROVIDER === "openai" && !env.OPENAI_API_KEY)
    problems.push("OPENAI_API_KEY: required when EMBEDDINGS_PROVIDER=openai");
  if (env.VECTOR_INDEX === "pinecone") {
    if (!env.PINECONE_API_KEY) problems.push("PINECONE_API_KEY: required when VECTOR_INDEX=pinecone");
    if (!env.PINECONE_INDEX_HOST) problems.push("PINECONE_INDEX_HOST: required when VECTOR_INDEX=pinecone");
  }
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD) && env.ADMIN_PASSWORD)
    problems.push("ADMIN_EMAIL: required when ADMIN_PASSWORD is set");
  if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS)
    problems.push("HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS (the request limit includes its headers)");
  if (problems.length) throw new ConfigError(problems);
  return env;
}

/** Reads a secret kept in the data folder, creating it on first use. */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, `${name}.secret`);
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet: created below
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString("base64url");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/** The DKIM key as PEM: from its file, or the variable with `\\n` written for line breaks (.env files). */
function dkimKey(raw: RawEnv): string | undefined {
  if (raw.DKIM_PRIVATE_KEY_FILE) {
    try {
      return fs.readFileSync(raw.DKIM_PRIVATE_KEY_FILE, "utf8").trim();
    } catch (e) {
      throw new ConfigError([`DKIM_PRIVATE_KEY_FILE: cannot read ${raw.DKIM_PRIVATE_KEY_FILE} (${(e as Error).message})`]);
    }
  }
  return raw.DKIM_PRIVATE_KEY?.replace(/\\n/g, "\n");
}

function loadDotenv() {
  if (process.env.KINETIC_SKIP_DOTENV) return;
  if (fs.existsSync(".env") && typeof process.loadEnvFile === "function") process.loadEnvFile(".env");
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  loadDotenv();
  const raw = parseEnv(process.env);
  const dataDir = path.resolve(raw.KINETIC_DATA_DIR);
  cached = {
    ...raw,
    KINETIC_DATA_DIR: dataDir,
    BASE_URL: (raw.BASE_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ""),
    DATABASE_URL: raw.DATABASE_URL ?? `file:${path.join(dataDir, "kinetic.db")}`,
    JWT_SECRET: raw.JWT_SECRET ?? persistedSecret(dataDir, "jwt"),
    SESSION_SECRET: raw.SESSION_SECRET ?? persistedSecret(dataDir, "session"),
    DKIM_PRIVATE_KEY: dkimKey(raw),
  };
  return cached;
}
