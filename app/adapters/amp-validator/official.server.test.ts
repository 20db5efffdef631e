import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { validateAmpBoth, validateAmpOfficial } from "./official.server";
import { VALID_AMP } from "../../../test/fixtures/amp-corpus";

// A stand-in for validator_wasm.js with the interface amphtml-validator calls inside its vm
// sandbox: amp.validator.{init, validateString, renderErrorMessage}. It fails documents that
// contain <img and records the format it was asked for.
const ENGINE = `
var amp = { validator: {
  initialised: false,
  init: function () { amp.validator.initialised = true; return Promise.resolve(); },
  validateString: function (html, format) {
    if (!amp.validator.initialised) throw new Error("init was not called");
    var errors = [];
    if (format !== "AMP4EMAIL") errors.push({ severity: "ERROR", line: 1, col: 0, code: "WRONG_FORMAT", params: [String(format)], specUrl: null });
    var i = html.indexOf("<img");
    if (i >= 0) errors.push({ severity: "ERROR", line: html.slice(0, i).split("\\n").length, col: 0, code: "DISALLOWED_TAG", params: ["img"], specUrl: "https://amp.dev/" });
    if (html.indexOf("deprecated") >= 0) errors.push({ severity: "WARNING", line: 2, col: 0, code: "DEPRECATED_TAG", params: ["x"], specUrl: null });
    return { status: errors.some(function (e) { return e.severity === "ERROR"; }) ? "FAIL" : "PASS", errors: errors };
  },
  renderErrorMessage: function (e) { return "The tag '" + e.params[0] + "' is disallowed (" + e.code + ")."; }
} };
`;

let dir: string;
let n = 0;
function engineFile(source = ENGINE): string {
  // amphtml-validator caches instances by path, so every test gets its own file
  const file = path.join(dir, `validator-${++n}.js`);
  fs.writeFileSync(file, source);
  return file;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "amp-engine-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("validateAmpOfficial", () => {
  it("reports a pass from the engine as validator: official", async () => {
    const result = await validateAmpOfficial(VALID_AMP, engineFile());
    expect(result).toEqual({ ok: true, validation: { validator: "official", status: "pass", errors: [] } });
  });

  it("maps engine errors to code, line and rendered message, in AMP4EMAIL mode", async () => {
    const html = "<!doctype html>\n<html>\n<img src=x>";
    const result = await validateAmpOfficial(html, engineFile());
    expect(result).toEqual({
      ok: true,
      validation: {
        validator: "official",
        status: "fail",
        errors: [{ code: "DISALLOWED_TAG", line: 3, message: "The tag 'img' is disallowed (DISALLOWED_TAG)." }],
      },
    });
  });

  it("does not count warnings as errors", async () => {
    const result = await validateAmpOfficial(VALID_AMP + "<!-- deprecated -->", engineFile());
    expect(result.ok && result.validation.status).toBe("pass");
  });

  it("returns a value, not a throw, for a missing or broken engine and refuses URLs", async () => {
    const missing = await validateAmpOfficial(VALID_AMP, path.join(dir, "nope.js"));
    expect(missing.ok).toBe(false);
    const broken = await validateAmpOfficial(VALID_AMP, engineFile("this is not javascript ((("));
    expect(broken).toMatchObject({ ok: false, error: expect.stringMatching(/unavailable/) });
    const url = await validateAmpOfficial(VALID_AMP, "https://cdn.ampproject.org/v0/validator_wasm.js");
    expect(url).toMatchObject({ ok: false, error: expect.stringMatching(/local file path/) });
  });
});

describe("validateAmpBoth", () => {
  it("uses the built-in verdict without an engine path", async () => {
    const v = await validateAmpBoth(VALID_AMP, undefined);
    expect(v.validation.validator).toBe("builtin");
    expect(v.official).toBeNull();
  });

  it("reports the official verdict when the engine runs, keeping the built-in one beside it", async () => {
    const html = VALID_AMP.replace("</div>\n</body>", '<img src="https://example.com/x.png">\n</div>\n</body>');
    const v = await validateAmpBoth(html, engineFile());
    expect(v.validation.validator).toBe("official");
    expect(v.validation.errors.map((e) => e.code)).toEqual(["DISALLOWED_TAG"]);
    expect(v.builtin.errors.map((e) => e.code)).toContain("AMP_TAG_DISALLOWED");
  });

  it("falls back to the built-in verdict and says why when the engine fails", async () => {
    const v = await validateAmpBoth(VALID_AMP, path.join(dir, "missing.js"));
    expect(v.validation.validator).toBe("builtin");
    expect(v.officialError).toMatch(/unavailable/);
  });
});
