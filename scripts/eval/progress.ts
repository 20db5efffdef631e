// Progress on stderr, so stdout stays the report: a redrawn bar on a terminal, one line per
// prompt otherwise (CI logs, pipes).
import { fmtNum } from "../../app/domain/eval/format";
import type { Progress, PromptOutcome } from "./run";

export interface Stream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export function progressLine(o: PromptOutcome, completed: number, total: number): string {
  const pad = String(total).length;
  const head = `[${String(completed).padStart(pad)}/${total}] ${o.promptId}`;
  return o.error
    ? `${head}  error after ${fmtNum(o.generationMs, 0)} ms: ${o.error}`
    : `${head}  QA ${fmtNum(o.qaScore)}  judge ${fmtNum(o.judgeScore)}  ${fmtNum(o.generationMs, 0)} ms`;
}

export function progressBar(completed: number, total: number, errors: number, width = 30): string {
  const filled = total ? Math.round((completed / total) * width) : width;
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${completed}/${total}${errors ? `  errors ${errors}` : ""}`;
}

export function createProgress(stream: Stream): Progress {
  const tty = !!stream.isTTY;
  let errors = 0;
  let total = 0;
  const draw = (completed: number, last?: string) => {
    const bar = progressBar(completed, total, errors);
    const tail = last ? `  ${last}` : "";
    const cols = stream.columns ?? 100;
    stream.write(`\r\x1b[2K${(bar + tail).slice(0, Math.max(20, cols - 1))}`);
  };
  return {
    start(n) {
      total = n;
      if (tty) draw(0);
      else stream.write(`evaluating ${n} prompt(s)\n`);
    },
    done(o, completed, n) {
      if (o.error) errors++;
      if (tty) draw(completed, o.promptId);
      else stream.write(`${progressLine(o, completed, n)}\n`);
    },
    finish() {
      if (tty) stream.write("\n");
    },
  };
}
