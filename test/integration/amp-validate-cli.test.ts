// npm run amp:validate as an operator runs it: its own process, files on disk, JSON per file, the
// exit code; with AMP_VALIDATOR_JS, the official engine's verdict (a stand-in engine file here).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../helpers/cli";
import { VALID_AMP } from "../fixtures/amp-corpus";

let dir: string;
let valid: string;
let broken: string;
let warned: string;
let engine: string;

// The interface amphtml-validator loads from validator_wasm.js; this one refuses amp-carousel.
const ENGINE = `
var amp = { validator: {
  init: function () { return Promise.resolve(); },
  validateString: function (html, format) {
    var i = html.indexOf("<amp-carousel");
    var errors = i >= 0 ? [{ severity: "ERROR", line: html.slice(0, i).split("\\n").length, col: 0, code: "DISALLOWED_TAG", params: ["amp-carousel"] }] : [];
    if (format !== "AMP4EMAIL") errors.push({ severity: "ERROR", line: 1, col: 0, code: "WRONG_FORMAT", params: [String(format)] });
    return { status: errors.length ? "FAIL" : "PASS", errors: errors };
  },
  renderErrorMessage: function (e) { return "The tag '" + e.params[0] + "' is disallowed."; }
} };
`;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "amp-validate-"));
  valid = path.join(dir, "valid.html");
  broken = path.join(dir, "broken.html");
  warned = path.join(dir, "warned.html");
  engine = path.join(dir, "validator_wasm.js");
  fs.writeFileSync(valid, VALID_AMP);
  fs.writeFileSync(
    broken,
    VALID_AMP.replace('<a href="https://example.com/shop" target="_blank">', '<a href="https://example.com/shop" name="shop">'),
  );
  fs.writeFileSync(warned, VALID_AMP.replace("<html ⚡4email data-css-strict", "<html ⚡4email"));
  fs.writeFileSync(engine, ENGINE);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[], env: Record<string, string> = {}) =>
  runScript("scripts/amp-validate.ts", args, { AMP_VALIDATOR_JS: "", ...env });
const reports = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));

describe("npm run amp:validate", () => {
  it("prints one JSON verdict per file and exits 0 when all pass", async () => {
    const r = await cli([valid, warned]);
    expect(r.code).toBe(0);
    const [a, b] = reports(r.stdout);
    expect(a).toEqual({ file: valid, status: "pass", validator: "builtin", errors: [], warnings: [] });
    expect(b).toMatchObject({ file: warned, status: "pass", errors: [], warnings: [{ code: "AMP_CSS_STRICT_MISSING", line: 2 }] });
  });

  it("exits 1 when any file fails, with the errors and their lines", async () => {
    const r = await cli([valid, broken]);
    expect(r.code).toBe(1);
    const [, b] = reports(r.stdout);
    const line =
      fs
        .readFileSync(broken, "utf8")
        .split("\n")
        .findIndex((l) => l.includes('name="shop"')) + 1;
    expect(b).toMatchObject({ file: broken, status: "fail", validator: "builtin", errors: [{ code: "AMP_ATTR_DISALLOWED", line }] });
  });

  it("reports a file it cannot read as a failure and goes on", async () => {
    const missing = path.join(dir, "missing.html");
    const r = await cli([missing, valid]);
    expect(r.code).toBe(1);
    const [a, b] = reports(r.stdout);
    expect(a).toMatchObject({ file: missing, status: "fail", error: expect.stringContaining("cannot read") });
    expect(b.status).toBe("pass");
  });

  it("exits 2 with a usage line when no file is given", async () => {
    const r = await cli([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/usage: npm run amp:validate/);
  });

  it("adds the official engine's verdict when AMP_VALIDATOR_JS is set", async () => {
    const r = await cli([valid], { AMP_VALIDATOR_JS: engine });
    expect(r.code).toBe(1);
    const [a] = reports(r.stdout);
    expect(a).toMatchObject({
      status: "fail",
      validator: "official",
      errors: [{ code: "DISALLOWED_TAG", message: "The tag 'amp-carousel' is disallowed." }],
      builtin: { status: "pass", errors: [] },
    });
  });
});
