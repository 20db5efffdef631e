import path from "node:path";
import { parseArgs as parseNodeArgs } from "node:util";

/** A CLI's flags: the names that take a value (`--name value`, `--name=value`) and those that do not. */
export interface FlagSpec {
  strings?: readonly string[];
  booleans?: readonly string[];
}

export interface ParsedArgs {
  positional: string[];
  /** A string flag's value, `true` for a boolean flag given; absent when not given. */
  flags: Record<string, string | boolean | undefined>;
}

/**
 * The arguments by node:util's parseArgs, strict: a flag the CLI does not name, a string flag
 * without its value, or a boolean flag with one is an error, worded for the person typing.
 */
export function readArgs(argv: string[], spec: FlagSpec): { ok: true; args: ParsedArgs } | { ok: false; error: string } {
  const options: Record<string, { type: "string" | "boolean" }> = {};
  for (const name of spec.strings ?? []) options[name] = { type: "string" };
  for (const name of spec.booleans ?? []) options[name] = { type: "boolean" };
  try {
    const { values, positionals } = parseNodeArgs({ args: argv, options, strict: true, allowPositionals: true });
    return { ok: true, args: { positional: positionals, flags: { ...values } } };
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    const message = e instanceof Error ? e.message : String(e);
    // node names the option in quotes: "Unknown option '--colour'", "Option '--token <value>' argument missing".
    const flag = /'(-{1,2}[^' ]+)/.exec(message)?.[1] ?? "";
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return { ok: false, error: `unknown option: ${flag}` };
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE")
      return { ok: false, error: spec.booleans?.includes(flag.replace(/^-+/, "")) ? `${flag} takes no value` : `${flag} needs a value` };
    throw e;
  }
}

/** readArgs for a CLI: an error is printed with the usage, and the process exits 2. */
export function parseArgs(argv: string[], spec: FlagSpec, usage?: string): ParsedArgs {
  const read = readArgs(argv, spec);
  if (!read.ok) fail(read.error, usage);
  return read.args;
}

export function fail(message: string, usage?: string): never {
  console.error(`error: ${message}`);
  if (usage) console.error(`\n${usage}`);
  process.exit(2);
}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags[name];
  return typeof v === "string" ? v : undefined;
}

/** Runs a CLI's main and exits with its code (0 when it returns nothing); a crash prints and exits 1. */
export function runCli(main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (e: unknown) => {
      console.error(e instanceof Error ? (e.stack ?? e.message) : e);
      process.exit(1);
    },
  );
}

/** True when this file is the script being run (not imported, e.g. by a test). */
export function isMainModule(filename: string): boolean {
  return Boolean(process.argv[1]) && path.resolve(process.argv[1]) === path.resolve(filename);
}
