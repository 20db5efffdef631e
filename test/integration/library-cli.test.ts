// npm run library:import and library:reconcile as an operator runs them: separate processes on
// their own database; plus the import's TTY progress bar in-process.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { createClient, type Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import { getApp } from "~/composition/app.server";
import { importLibrary, isAmpEmail } from "../../scripts/library-import";
import { runScript } from "../helpers/cli";

const FIXTURES = path.resolve("test/fixtures/library/import");
let dir: string;
let input: string;
let env: Record<string, string>;
let db: Client;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinetic-library-cli-"));
  input = path.join(dir, "emails");
  fs.cpSync(FIXTURES, input, { recursive: true });
  fs.symlinkSync(path.join(dir, "missing.html"), path.join(input, "dangling.html"));
  fs.writeFileSync(path.join(input, "notes.txt"), "not an email");
  env = { KINETIC_DATA_DIR: dir, DATABASE_URL: `file:${path.join(dir, "cli.db")}`, LOG_LEVEL: "warn" };
  db = createClient({ url: env.DATABASE_URL });
});
afterAll(() => {
  db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const run = (script: string, args: string[]) => runScript(script, args, env);
const rows = async (sql: string, args: string[] = []) => (await db.execute({ sql, args })).rows;

describe("npm run library:import", () => {
  it("imports auto-tagged html and AMP files and says what it skipped and why", async () => {
    const r = await run("scripts/library-import.ts", [input]);
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\[1\/6\] /m);
    expect(r.stdout).toContain("Imported 2 of 6 files");
    expect(r.stdout).toContain("(html 1, amp 1)");
    expect(r.stdout).toMatch(/nested\/ferry-faq-amp\.html → amp-\d+-[a-z0-9]+ {2}amp amp4email/);
    expect(r.stdout).toContain("Skipped 4:");
    expect(r.stdout).toContain("empty.html: empty");
    expect(r.stdout).toContain("dangling.html: unreadable (ENOENT)");
    expect(r.stdout).toMatch(/short\.html: too short \(\d+ chars, minimum 200\)/);
    // shoe-tabs-copy.html sorts first; the original is the same email with other whitespace.
    expect(r.stdout).toMatch(/shoe-tabs\.html: duplicate of html-\d+-[a-z0-9]+/);
    expect(r.stdout).not.toContain("notes.txt");

    const docs = await rows(
      "SELECT id, type, json_extract(metadata, '$.technique') AS technique, json_extract(metadata, '$.embeddingTextSource') AS src, embedding_text FROM rag_documents ORDER BY type",
    );
    expect(docs.map((d) => [d.type, d.technique])).toEqual([
      ["amp", "amp4email"],
      ["html", "tabs"],
    ]);
    expect(docs.every((d) => d.src === "auto-tag" && String(d.embedding_text).includes("Structure:"))).toBe(true);
    expect(await rows("SELECT doc_id FROM rag_vectors")).toHaveLength(2);
  });

  it("skips everything as duplicates on a second run", async () => {
    const r = await run("scripts/library-import.ts", [input]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Imported 0 of 6 files");
    expect(r.stdout).toContain("Skipped 6:");
    expect(r.stdout.match(/^ {2}\S+\.html: duplicate of /gm)).toHaveLength(3);
  });

  it("refuses a missing directory with usage", async () => {
    const r = await run("scripts/library-import.ts", [path.join(dir, "nope")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("is not a directory");
  });
});

describe("npm run library:reconcile", () => {
  it("reports no drift on a consistent library", async () => {
    const r = await run("scripts/library-reconcile.ts", []);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("rag_documents: 2 rows; vector index (libsql): 2 vectors");
    expect(r.stdout).toContain("No drift.");
  });

  it("reports rows without vectors, vectors without rows and metadata mismatches, then repairs them", async () => {
    // Three kinds of drift: a fresh row whose vector never landed, a vector whose row is gone,
    // and index metadata that disagrees with the row.
    const [html] = await rows("SELECT id FROM rag_documents WHERE type = 'html'");
    const [amp] = await rows("SELECT id FROM rag_documents WHERE type = 'amp'");
    const row = (await rows("SELECT * FROM rag_documents WHERE id = ?", [String(html.id)]))[0];
    const copyId = String(html.id).replace(/-[a-z0-9]+$/, "-copy0001");
    const meta = JSON.parse(String(row.metadata));
    await db.execute({
      sql: "INSERT INTO rag_documents (id, type, html, metadata, embedding_text, chars) VALUES (?, 'html', ?, ?, ?, ?)",
      args: [
        copyId,
        String(row.html),
        JSON.stringify({ ...meta, doc_id: copyId, description: "A copy" }),
        String(row.embedding_text),
        Number(row.chars),
      ],
    });
    await db.execute({ sql: "DELETE FROM rag_documents WHERE id = ?", args: [String(amp.id)] });
    await db.execute({
      sql: "UPDATE rag_vectors SET metadata = json_set(metadata, '$.complexity', 'advanced') WHERE doc_id = ?",
      args: [String(html.id)],
    });

    const report = await run("scripts/library-reconcile.ts", []);
    expect(report.code).toBe(1);
    expect(report.stdout).toContain("rag_documents: 2 rows; vector index (libsql): 2 vectors");
    expect(report.stdout).toContain(`rows without vectors: 1\n  ${copyId}`);
    expect(report.stdout).toContain(`vectors without rows: 1\n  ${amp.id}`);
    expect(report.stdout).toContain(`metadata mismatches: 1\n  ${html.id}: complexity`);
    expect(report.stdout).toContain("Run with --repair");

    const json = await run("scripts/library-reconcile.ts", ["--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      missingVectors: [copyId],
      orphanVectors: [amp.id],
      mismatched: [{ id: html.id, fields: ["complexity"] }],
    });

    const repair = await run("scripts/library-reconcile.ts", ["--repair"]);
    expect(repair.code).toBe(0);
    expect(repair.stdout).toContain("repaired: 2 re-embedded, 1 orphan vectors deleted, 0 failed");
    const vectors = await rows(
      "SELECT doc_id, json_extract(metadata, '$.complexity') AS c, json_extract(metadata, '$.description') AS d FROM rag_vectors ORDER BY doc_id",
    );
    expect(vectors.map((v) => v.doc_id).sort()).toEqual([copyId, String(html.id)].sort());
    expect(vectors.find((v) => v.doc_id === html.id)!.c).toBe(meta.complexity);
    expect(vectors.find((v) => v.doc_id === copyId)!.d).toBe("A copy");

    const again = await run("scripts/library-reconcile.ts", []);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("No drift.");
  });

  it("rejects unknown flags", async () => {
    const r = await run("scripts/library-reconcile.ts", ["--fix"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option: --fix");
  });
});

describe("importLibrary on a TTY", () => {
  it("redraws one progress bar line instead of printing a line per file", async () => {
    const app = await getApp();
    await migrate(app.database.client);
    let written = "";
    const out = Object.assign(
      new Writable({
        write(chunk: Buffer, _e: string, cb: () => void) {
          written += chunk;
          cb();
        },
      }),
      { isTTY: true, columns: 60 },
    );
    const summary = await importLibrary(app, FIXTURES, { out });
    expect(summary.imported).toHaveLength(2);
    expect(written).toMatch(/^\r\[█+░*\] 1\/5 /);
    expect(written).toContain("\r[████████████████████████] 5/5 ");
    expect(written.endsWith("\n")).toBe(true);
    expect(written.split("\n")).toHaveLength(2);
  });

  it("detects AMP by the ⚡4email or amp4email attribute on <html>", () => {
    expect(isAmpEmail("<!doctype html><html ⚡4email data-css-strict>")).toBe(true);
    expect(isAmpEmail("<html lang=en amp4email>")).toBe(true);
    expect(isAmpEmail("<html><body>amp4email is great</body></html>")).toBe(false);
  });
});
