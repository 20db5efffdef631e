// Command line of `npm run eval`: pure parsing and validation, so it is unit-tested.
import { readArgs, stringFlag } from "../lib/args";

export const USAGE = `usage:
  npm run eval -- --set FILE --label NAME [--rag] [--limit N] [--concurrency N] [--url URL] [--token TOKEN] [--json]
  npm run eval -- --compare RUN_A RUN_B [--url URL] [--token TOKEN] [--json]

  --set FILE         prompt set (JSON: { "version": "v1", "prompts": [{ "id", "prompt", … }] })
  --label NAME       name of the run, e.g. "baseline" or "rag-on"
  --rag              generate with retrieval (useRAG: true)
  --limit N          only the first N prompts of the set
  --concurrency N    prompts in flight at once (1–16, default ${2})
  --url URL          the service (default http://localhost:3000)
  --token TOKEN      an admin access token (default: $KINETIC_TOKEN)
  --json             print the report as JSON instead of a table
  --compare A B      per-prompt and average deltas of run B against run A`;

export const DEFAULT_URL = "http://localhost:3000";
export const DEFAULT_CONCURRENCY = 2;
export const MAX_CONCURRENCY = 16;

interface Common {
  url: string;
  token: string;
  json: boolean;
}
export interface RunCommand extends Common {
  kind: "run";
  set: string;
  label: string;
  rag: boolean;
  limit: number | null;
  concurrency: number;
}
export interface CompareCommand extends Common {
  kind: "compare";
  runA: string;
  runB: string;
}
export type EvalCommand = RunCommand | CompareCommand | { kind: "help" };

export type ParseResult = { ok: true; command: EvalCommand } | { ok: false; error: string };

function positiveInt(
  raw: string | undefined,
  name: string,
  max?: number,
): { ok: true; value: number | null } | { ok: false; error: string } {
  if (raw === undefined) return { ok: true, value: null };
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 1 || (max !== undefined && n > max)) {
    return { ok: false, error: `--${name} must be an integer from 1${max !== undefined ? ` to ${max}` : " up"}, got "${raw}"` };
  }
  return { ok: true, value: n };
}

export function parseEvalArgs(argv: string[], env: Record<string, string | undefined> = {}): ParseResult {
  const read = readArgs(argv, {
    strings: ["set", "label", "limit", "concurrency", "url", "token", "compare"],
    booleans: ["rag", "json", "help"],
  });
  if (!read.ok) return read;
  const { args } = read;
  if (args.flags.help) return { ok: true, command: { kind: "help" } };

  const rawUrl = stringFlag(args, "url") ?? DEFAULT_URL;
  let url: string;
  try {
    const parsed = new URL(rawUrl);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error("protocol");
    url = rawUrl.replace(/\/+$/, "");
  } catch {
    return { ok: false, error: `--url must be an http(s) URL, got "${rawUrl}"` };
  }
  const token = stringFlag(args, "token") ?? env.KINETIC_TOKEN ?? "";
  if (!token.trim())
    return {
      ok: false,
      error: "no access token: pass --token TOKEN or set KINETIC_TOKEN (an admin's token from `npm run token -- --email …`)",
    };
  const json = args.flags.json === true;

  if (args.flags.compare !== undefined) {
    const runA = stringFlag(args, "compare");
    const runB = args.positional[0];
    if (!runA || !runB || args.positional.length > 1)
      return { ok: false, error: "--compare takes exactly two run ids: --compare RUN_A RUN_B" };
    if (args.flags.set !== undefined) return { ok: false, error: "--compare and --set cannot be used together" };
    return { ok: true, command: { kind: "compare", runA, runB, url, token, json } };
  }

  if (args.positional.length) return { ok: false, error: `unexpected argument "${args.positional[0]}"` };
  const set = stringFlag(args, "set");
  if (!set) return { ok: false, error: "--set FILE is required (or --compare RUN_A RUN_B)" };
  const label = stringFlag(args, "label")?.trim();
  if (!label) return { ok: false, error: "--label NAME is required" };
  const limit = positiveInt(stringFlag(args, "limit"), "limit");
  if (!limit.ok) return limit;
  const concurrency = positiveInt(stringFlag(args, "concurrency"), "concurrency", MAX_CONCURRENCY);
  if (!concurrency.ok) return concurrency;
  return {
    ok: true,
    command: {
      kind: "run",
      set,
      label,
      rag: args.flags.rag === true,
      limit: limit.value,
      concurrency: concurrency.value ?? DEFAULT_CONCURRENCY,
      url,
      token,
      json,
    },
  };
}
