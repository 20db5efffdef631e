// Counts the characters regular expressions had to read, so a test can bound the work of a
// text parser without timing it. Every call that takes a RegExp (exec, test, and String's
// match, matchAll, replace, replaceAll, split, search) counts the characters from where it started
// to where it stopped: the end of its match, or the end of the subject when it failed or scanned
// every match. That is a lower bound on what the engine read (backtracking reads more), and it
// grows with the square of the input when a parser rescans the rest of the text per position.
// Calls made from inside a counted call (split and replace call exec) are not counted again.
type Method = (this: unknown, ...args: unknown[]) => unknown;

export interface RegexWork {
  /** Characters read so far. */
  readonly chars: number;
  /** Regex calls so far. */
  readonly calls: number;
  stop(): void;
}

export function countRegexWork(): RegexWork {
  let chars = 0;
  let calls = 0;
  let depth = 0;
  const restore: Array<() => void> = [];
  const patch = (target: object, name: string, count: (self: unknown, args: unknown[], result: unknown) => number | null) => {
    const original = (target as Record<string, Method>)[name];
    (target as Record<string, Method>)[name] = function (this: unknown, ...args: unknown[]) {
      if (depth > 0) return original.apply(this, args);
      const before = this instanceof RegExp ? this.lastIndex : 0;
      depth++;
      let result: unknown;
      try {
        result = original.apply(this, args);
      } finally {
        depth--;
      }
      const n = count(this, [...args, before], result);
      if (n !== null) {
        chars += n;
        calls++;
      }
      return result;
    };
    restore.push(() => ((target as Record<string, Method>)[name] = original));
  };
  const onRegex = (re: unknown) => re instanceof RegExp;
  // exec/test: from lastIndex (global or sticky) or 0 to the match's end, or to the end on failure.
  const execCount = (self: unknown, args: unknown[], result: unknown): number | null => {
    const re = self as RegExp;
    const subject = String(args[0]);
    const from = re.global || re.sticky ? (args[args.length - 1] as number) : 0;
    if (result && typeof result === "object" && "index" in (result as RegExpExecArray)) {
      const m = result as RegExpExecArray;
      return m.index + m[0].length - from;
    }
    if (result === true) return re.global || re.sticky ? Math.max(0, re.lastIndex - from) : subject.length;
    return subject.length - from;
  };
  patch(RegExp.prototype, "exec", execCount);
  patch(RegExp.prototype, "test", execCount);
  // String methods with a regex: a single match reads up to its end; everything else reads the whole subject.
  for (const name of ["match", "matchAll", "replace", "replaceAll", "split", "search"]) {
    patch(String.prototype, name, (self, args, result) => {
      if (!onRegex(args[0])) return null;
      const re = args[0] as RegExp;
      const subject = String(self);
      if (name === "match" && !re.global && result && typeof result === "object") {
        const m = result as RegExpMatchArray;
        return (m.index ?? 0) + m[0].length;
      }
      return subject.length;
    });
  }
  return {
    get chars() {
      return chars;
    },
    get calls() {
      return calls;
    },
    stop() {
      for (const r of restore.reverse()) r();
      restore.length = 0;
    },
  };
}
