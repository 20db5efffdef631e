import path from "node:path";

// Tiny flag parser for our CLIs: --name value, --flag (boolean), positional arguments.
export interface ParsedArgs {
  positional: string[];
  flags: Record<string, string | true>;
}

export function parseArgs(argv: string[], booleans: string[] = []): ParsedArgs {
  const out: ParsedArgs = { positional: [], flags: {} };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith("--")) {
      const [name, inline] = arg.slice(2).split("=", 2);
      if (inline !== undefined) out.flags[name] = inline;
      else if (booleans.includes(name) || i + 1 >= argv.length || argv[i + 1].startsWith("--")) out.flags[name] = true;
      else out.flags[name] = argv[++i];
    } else out.positional.push(arg);
  }
  return out;
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
