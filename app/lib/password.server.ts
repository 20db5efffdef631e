import crypto from "node:crypto";
import { promisify } from "node:util";
import { getEnv } from "~/lib/env.server";

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, keylen: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * The scrypt parameters PASSWORD_HASH_COST names. `owasp` (the default) is OWASP's
 * password-storage setting (N=2^17, r=8, p=1): one hash takes ~128 MiB and, on the 2-core dev
 * machine, a few hundred milliseconds. Async hashes run on libuv's thread pool (4 threads by
 * default), so at most four run at once: memory stays bounded however many sign-ins arrive
 * together. `insecure-test` (N=2^10, 1 MiB, about a millisecond) exists so that test suites,
 * which create hundreds of users, do not spend minutes hashing; it protects nothing.
 */
export const PASSWORD_COSTS = {
  owasp: { N: 2 ** 17, r: 8, p: 1 },
  "insecure-test": { N: 2 ** 10, r: 8, p: 1 },
} as const satisfies Record<string, ScryptParams>;
export type PasswordCost = keyof typeof PASSWORD_COSTS;

/** The parameters new hashes are made with: PASSWORD_HASH_COST's (configuration, read once). */
export function currentParams(): ScryptParams {
  return PASSWORD_COSTS[getEnv().PASSWORD_HASH_COST];
}
const KEYLEN = 64;

// Stored hashes are ours, but their parameters are read back from text: refuse anything that
// would make a single verification allocate more than this (2^20 at r=8 is 1 GiB).
const MAX_N = 2 ** 20;

/**
 * OpenSSL needs 128·r·(N + 2) bytes for V plus 128·r·p for B, and refuses when that exceeds
 * maxmem (Node's default, 32 MiB, is too small for N=2^17). A MiB of headroom on top.
 */
function maxmemFor({ N, r, p }: ScryptParams): number {
  return 128 * r * (N + 2 + p) + 1024 * 1024;
}

/**
 * `scrypt$N$r$p$salt$hash` (base64url), so parameters can be raised without breaking old hashes.
 * `params` exists for tests that need a hash made with other parameters.
 */
export async function hashPassword(password: string, params: ScryptParams = currentParams()): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEYLEN, { ...params, maxmem: maxmemFor(params) });
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

type Parsed = ScryptParams & { salt: Buffer; hash: Buffer };

function parseStored(stored: string): Parsed | null {
  const [kind, n, r, p, salt, hash, ...rest] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash || rest.length) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(params.N) &&
    params.N > 1 &&
    params.N <= MAX_N &&
    (params.N & (params.N - 1)) === 0 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= 32 &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= 16;
  return sane ? { ...params, salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") } : null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  const actual = await scrypt(password, parsed.salt, parsed.hash.length, {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
    maxmem: maxmemFor(parsed),
  });
  return actual.length === parsed.hash.length && crypto.timingSafeEqual(actual, parsed.hash);
}

/** Whether a stored hash was made with weaker parameters than today's (checked after a successful verify). */
export function needsRehash(stored: string, params: ScryptParams = currentParams()): boolean {
  const parsed = parseStored(stored);
  if (!parsed) return true;
  return parsed.N < params.N || parsed.r < params.r || parsed.p < params.p || parsed.hash.length < KEYLEN;
}
