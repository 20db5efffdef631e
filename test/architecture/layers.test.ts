// The layer rules of docs/architecture.md are lint rules (eslint.config.js, ADR 029): `npm run lint`
// checks every source file. Here each rule is shown to refuse a deliberate violation, written as a
// file in the layer it breaks, and to pass code that keeps the layers.
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText("export {};\n", { filePath: path.join(ROOT, "app/domain/warm-up.ts") });
}, 60_000);

/** The problems ESLint reports for `code` as if it were the file at `file` (relative to the repository). */
async function lint(file: string, code: string): Promise<{ rule: string | null; line: number; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
}

const LAYER = "boundaries/dependencies";
const SYNTAX = "no-restricted-syntax";

describe("the layer rules refuse a file that breaks them", () => {
  it("app/domain imports no service, lib, model or adapter, and no I/O module", async () => {
    const problems = await lint(
      "app/domain/eval/bad.ts",
      [
        'import { failure } from "~/services/result";',
        'import { getEnv } from "~/lib/env.server";',
        'import { findUserByEmail } from "../../models/users.server";',
        'import fs from "node:fs";',
        'import { readFile } from "fs/promises";',
        'import { drizzle } from "drizzle-orm/libsql";',
        "export const uses = [failure, getEnv, findUserByEmail, fs, readFile, drizzle];",
      ].join("\n"),
    );
    expect(problems.map((p) => [p.rule, p.line])).toEqual([1, 2, 3, 4, 5, 6].map((line) => [LAYER, line]));
    expect(problems[0]!.message).toContain("app/domain is pure rules");
  });

  it("routes reach data through services: no model, no db/, no drizzle", async () => {
    const problems = await lint(
      "app/routes/bad.tsx",
      [
        'import { findUserByEmail } from "~/models/users.server";',
        'import { users } from "../../db/schema";',
        'import { eq } from "drizzle-orm";',
        "export const uses = [findUserByEmail, users, eq];",
      ].join("\n"),
    );
    expect(problems.map((p) => [p.rule, p.line])).toEqual([
      [LAYER, 1],
      [LAYER, 2],
      [LAYER, 3],
    ]);
    expect(problems[0]!.message).toContain("routes reach data through services only");
  });

  it("app/ imports nothing from scripts/ (what both need lives in app/)", async () => {
    const problems = await lint("app/components/evals/bad.ts", 'export { table } from "../../../scripts/eval/format";\n');
    expect(problems).toEqual([{ rule: LAYER, line: 1, message: expect.stringContaining("scripts/") }]);
  });

  it("routes and services build no zod schema: a run-time import is refused, a type import is not", async () => {
    const code =
      'import { z } from "zod";\nimport type { ZodIssue } from "zod";\nexport const s = z.string();\nexport type I = ZodIssue;\n';
    for (const file of ["app/routes/api.bad.ts", "app/services/bad.server.ts"]) {
      expect((await lint(file, code)).map((p) => [p.rule, p.line])).toEqual([[LAYER, 1]]);
    }
  });

  it("a service declares no result type of its own, in a type or written inline in a signature", async () => {
    const problems = await lint(
      "app/services/bad.server.ts",
      [
        "export type Outcome = { ok: true; id: string } | { ok: false; error: string };",
        "export async function find(id: string): Promise<{ ok: true; id: string } | { ok: false; reason: string }> {",
        "  return { ok: true, id };",
        "}",
      ].join("\n"),
    );
    expect(problems.map((p) => [p.rule, p.line])).toEqual([
      [SYNTAX, 1],
      [SYNTAX, 2],
    ]);
    expect(problems[0]!.message).toContain("ServiceResult");
  });

  it("a service builds a failure with failure(), not as a literal", async () => {
    const problems = await lint(
      "app/services/bad.server.ts",
      'export const f = () => ({ ok: false as const, status: 404, error: "Not found" });\n',
    );
    expect(problems).toEqual([{ rule: SYNTAX, line: 1, message: expect.stringContaining("failure(status, error") }]);
  });

  it("only models run SQL: no statement in a service, no db/schema", async () => {
    const problems = await lint(
      "app/services/bad.server.ts",
      [
        'import type { AppContext } from "~/composition/app.server";',
        'import { users } from "../../db/schema";',
        'export const count = (app: AppContext) => app.database.client.execute("SELECT count(*) FROM users");',
        "export const table = users;",
      ].join("\n"),
    );
    expect(problems.map((p) => [p.rule, p.line])).toEqual([
      [LAYER, 2],
      [SYNTAX, 3],
    ]);
  });

  it("lib imports nothing above it; composition knows no services; app/http no models", async () => {
    expect((await lint("app/lib/bad.server.ts", 'export { failure } from "~/services/result";\n')).map((p) => p.rule)).toEqual([LAYER]);
    expect((await lint("app/composition/bad.server.ts", 'export { failure } from "~/services/result";\n')).map((p) => p.rule)).toEqual([
      LAYER,
    ]);
    expect((await lint("app/http/bad.server.ts", 'export { findUserByEmail } from "~/models/users.server";\n')).map((p) => p.rule)).toEqual(
      [LAYER],
    );
  });

  it("services know nothing of requests: no request helper (app/http) or route", async () => {
    const problems = await lint(
      "app/services/bad.server.ts",
      [
        'import { json } from "~/http/responses.server";',
        'import { loader } from "~/routes/healthz";',
        "export const uses = [json, loader];",
      ].join("\n"),
    );
    expect(problems.map((p) => [p.rule, p.line])).toEqual([
      [LAYER, 1],
      [LAYER, 2],
    ]);
    expect(problems[0]!.message).toContain("services know nothing of requests");
  });

  it("adapters are chosen in app/composition: elsewhere only their ports are imported", async () => {
    const code =
      'import type { LlmClient } from "~/adapters/llm/port";\nimport { createAnthropicClient } from "~/adapters/llm/anthropic.server";\nexport type C = LlmClient;\nexport const make = createAnthropicClient;\n';
    expect((await lint("app/services/bad.server.ts", code)).map((p) => [p.rule, p.line])).toEqual([[LAYER, 2]]);
    expect(await lint("app/composition/fine.server.ts", code)).toEqual([]);
  });

  it("a page form is parsed through parsePageForm, never by conform's parsers directly", async () => {
    const problems = await lint(
      "app/routes/bad.tsx",
      [
        'import { getZodConstraint, parseWithZod } from "@conform-to/zod";',
        'import { parse, useForm } from "@conform-to/react";',
        'import { parsePageForm } from "~/domain/requests/page-form";',
        "export const uses = [getZodConstraint, parseWithZod, parse, useForm, parsePageForm];",
      ].join("\n"),
    );
    expect(problems.map((p) => [p.rule, p.line])).toEqual([
      ["no-restricted-imports", 1],
      ["no-restricted-imports", 2],
    ]);
    expect(problems[0]!.message).toContain("parsePageForm");
    expect((await lint("app/services/bad.server.ts", 'export { parseWithZod } from "@conform-to/zod";\n')).map((p) => p.rule)).toEqual([
      "no-restricted-imports",
    ]);
  });

  it("server/ shares types with the app but reaches its code only through the build", async () => {
    const problems = await lint(
      "server/bad.ts",
      'import type { Logger } from "~/lib/logger.server";\nimport { getApp } from "~/composition/app.server";\nexport type L = Logger;\nexport const app = getApp;\n',
    );
    expect(problems.map((p) => [p.rule, p.line])).toEqual([[LAYER, 2]]);
  });
});

describe("code that keeps the layers passes", () => {
  it("a domain module, a service and a route, each importing what its layer may", async () => {
    expect(
      await lint(
        "app/domain/eval/fine.ts",
        'import { z } from "zod";\nimport { fmtNum } from "./format";\nexport const Score = z.number().transform((n) => fmtNum(n));\n',
      ),
    ).toEqual([]);
    expect(
      await lint(
        "app/services/fine.server.ts",
        [
          'import type { AppContext } from "~/composition/app.server";',
          'import { findUserByEmail } from "~/models/users.server";',
          'import { failure, type ServiceResult } from "./result";',
          "export async function userId(app: AppContext, email: string): Promise<ServiceResult<string>> {",
          "  const user = await findUserByEmail(app.database.db, email);",
          '  return user ? { ok: true, value: user.id } : failure(404, "No such user");',
          "}",
        ].join("\n"),
      ),
    ).toEqual([]);
    expect(
      await lint(
        "app/routes/api.fine.ts",
        'import { GenerateRequestSchema } from "~/domain/requests/generation";\nimport { failure } from "~/services/result";\nexport const uses = [GenerateRequestSchema, failure];\n',
      ),
    ).toEqual([]);
  });
});
