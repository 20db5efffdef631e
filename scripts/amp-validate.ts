// npm run amp:validate -- FILE… [--pretty]
// Validates AMP4EMAIL files with the validator the server uses (the built-in rules of
// app/domain/amp; with AMP_VALIDATOR_JS set, the official engine too, whose verdict then wins)
// and prints, per file, one JSON object on one line (indented with --pretty): file, status,
// validator, errors and warnings (with the built-in verdict beside the official one when both
// ran). Exit code 0 when every file passes, 1 when any fails or cannot be read, 2 on a usage error.
import fs from "node:fs";
import { ampVerdict } from "~/services/amp.server";
import { MAX_DOCUMENT_BYTES } from "~/domain/amp/rules";
import { fail, parseArgs, runCli } from "./lib/args";

const USAGE = "usage: npm run amp:validate -- FILE… [--pretty]";
/** Files are read whole; anything far past the email limit is refused unread. */
const MAX_FILE_BYTES = MAX_DOCUMENT_BYTES * 10;

interface FileReport {
  file: string;
  status: "pass" | "fail";
  validator?: string;
  errors: { code: string; line: number; message: string }[];
  warnings?: { code: string; line: number; message: string }[];
  builtin?: { status: string; errors: unknown[] };
  officialError?: string;
  error?: string;
}

async function validateFile(file: string): Promise<FileReport> {
  let html: string;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return { file, status: "fail", errors: [], error: "not a file" };
    if (stat.size > MAX_FILE_BYTES)
      return {
        file,
        status: "fail",
        errors: [],
        error: `the file is ${stat.size} bytes; an AMP email may have at most ${MAX_DOCUMENT_BYTES}`,
      };
    html = fs.readFileSync(file, "utf8");
  } catch (e) {
    return { file, status: "fail", errors: [], error: `cannot read the file: ${e instanceof Error ? e.message : String(e)}` };
  }
  const verdict = await ampVerdict({ AMP_VALIDATOR_JS: process.env.AMP_VALIDATOR_JS || undefined }, html);
  const v = verdict.validation;
  const report: FileReport = {
    file,
    status: v.status,
    validator: v.validator,
    errors: v.errors.map((e) => ({ code: String(e.code), line: e.line, message: e.message })),
  };
  report.warnings = (verdict.builtin.warnings ?? []).map((e) => ({ code: String(e.code), line: e.line, message: e.message }));
  if (verdict.official) report.builtin = { status: verdict.builtin.status, errors: verdict.builtin.errors };
  if (verdict.officialError) report.officialError = verdict.officialError;
  return report;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2), { booleans: ["pretty", "help"] }, USAGE);
  if (args.flags.help) {
    console.log(USAGE);
    return 0;
  }
  if (args.positional.length === 0) fail("give at least one file", USAGE);
  let failed = 0;
  for (const file of args.positional) {
    const report = await validateFile(file);
    if (report.status !== "pass") failed++;
    process.stdout.write(`${JSON.stringify(report, null, args.flags.pretty ? 2 : undefined)}\n`);
  }
  return failed ? 1 : 0;
}

runCli(main);
