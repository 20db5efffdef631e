// POST /api/gen/amp with AMP_VALIDATOR_JS pointing at a local engine file: the official verdict is
// the one reported. The stand-in exposes the interface amphtml-validator loads from
// validator_wasm.js (amp.validator.{init, validateString, renderErrorMessage}) and refuses
// amp-carousel, so a verdict that differs from the built-in one shows which engine judged.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sampleBlueprint } from "../fixtures/blueprints";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const ENGINE = `
var amp = { validator: {
  init: function () { return Promise.resolve(); },
  validateString: function (html, format) {
    var errors = [];
    if (format !== "AMP4EMAIL") errors.push({ severity: "ERROR", line: 1, col: 0, code: "WRONG_FORMAT", params: [String(format)] });
    var i = html.indexOf("<amp-carousel");
    if (i >= 0) errors.push({ severity: "ERROR", line: html.slice(0, i).split("\\n").length, col: 0, code: "DISALLOWED_TAG", params: ["amp-carousel"] });
    return { status: errors.length ? "FAIL" : "PASS", errors: errors };
  },
  renderErrorMessage: function (e) { return "The tag '" + e.params[0] + "' is disallowed."; }
} };
`;

let server: TestServer;
let token: string;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "amp-official-"));
  const engine = path.join(dir, "validator_wasm.js");
  fs.writeFileSync(engine, ENGINE);
  server = await startTestServer({ BASE_URL: "https://kinetic.test", AMP_VALIDATOR_JS: engine });
  token = (await createUserWithToken(server)).token;
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const genAmp = async (blueprint: unknown) => (await server.fetch("/api/gen/amp", { method: "POST", token, json: { blueprint } })).json();

it("reports the official engine's pass as validator: official", async () => {
  const body = await genAmp(sampleBlueprint("tabs"));
  expect(body.validation).toEqual({ validator: "official", status: "pass", errors: [] });
  expect(body.warnings).toEqual([]);
});

it("reports the official engine's errors, in AMP4EMAIL mode, even where the built-in rules pass", async () => {
  const body = await genAmp(sampleBlueprint("carousel"));
  expect(body.validation.validator).toBe("official");
  expect(body.validation.status).toBe("fail");
  expect(body.validation.errors).toEqual([
    { code: "DISALLOWED_TAG", line: expect.any(Number), message: "The tag 'amp-carousel' is disallowed." },
  ]);
  const line = body.ampHtml.split("\n")[body.validation.errors[0].line - 1];
  expect(line).toContain("<amp-carousel");
});

it("fills metadata.amp of /api/generate with the official verdict", async () => {
  const res = await server.fetch("/api/generate", {
    method: "POST",
    token,
    json: { prompt: "Use my blueprint", blueprint: sampleBlueprint("quiz"), generateAmp: true },
  });
  const body = await res.json();
  expect(body.metadata.ampGenerated).toBe(true);
  expect(body.metadata.amp).toMatchObject({ validator: "official", status: "pass", parity: { ok: true } });
});
