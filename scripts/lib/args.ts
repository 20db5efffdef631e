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
