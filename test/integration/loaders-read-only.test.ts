// Loaders never write (docs/architecture.md, "Loaders never write"): every route's loader of the
// real build (pages, resource routes, the GET side of the API) is run against data that exists (a
// version, a send, a stale eval run, a library document), with a spy on the database client that
// records every statement that is not a read, attributed to the loader whose call made it. A GET
// is a link followed by a mail scanner or a prefetch: it must change nothing. /healthz is the one
// exception, and writes only its own probe row.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Client, InStatement } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnswerToken, answerExpiryDay } from "~/lib/answer-token.server";
import { createUnsubscribeToken } from "~/lib/unsubscribe-token.server";
import { PageClient } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const PASSWORD = "correct horse battery";
const RECIPIENT = "reader@example.com";

let server: TestServer;
let cookie: string;
let adminToken: string;
const ids: Record<string, string> = {};

/** Which loader a statement ran for (unset outside a loader: the jobs, the test's own set-up). */
const loaderOf = new AsyncLocalStorage<string>();
const writes: Array<{ route: string; sql: string }> = [];

/** A read: SELECT, EXPLAIN, a WITH that only selects, a PRAGMA that sets nothing. */
function isRead(sql: string): boolean {
  const s = sql.trimStart();
  if (/^(SELECT|EXPLAIN)\b/i.test(s)) return true;
  if (/^WITH\b/i.test(s)) return !/\b(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(s);
  if (/^PRAGMA\b/i.test(s)) return !s.includes("=");
  return false;
}

const sqlOf = (stmt: InStatement | [string, unknown?] | string) =>
  typeof stmt === "string" ? stmt : Array.isArray(stmt) ? stmt[0] : stmt.sql;

/** Wraps the client's statement methods so a loader's writes are recorded (and still run). */
function spyOnWrites(client: Client): void {
  const record = (sql: string) => {
    const route = loaderOf.getStore();
    if (route && !isRead(sql)) writes.push({ route, sql: sql.slice(0, 120) });
  };
  const c = client as unknown as Record<string, (...args: unknown[]) => unknown>;
  const wrap = (name: string, sqls: (args: unknown[]) => string[]) => {
    const original = c[name].bind(client);
    c[name] = (...args: unknown[]) => {
      for (const sql of sqls(args)) record(sql);
      return original(...args);
    };
  };
  wrap("execute", ([stmt]) => [sqlOf(stmt as InStatement)]);
  wrap("batch", ([stmts]) => (stmts as InStatement[]).map(sqlOf));
  wrap("migrate", ([stmts]) => (stmts as InStatement[]).map(sqlOf));
  wrap("executeMultiple", ([sql]) => [String(sql)]);
  wrap("transaction", ([mode]) => (mode === "read" ? [] : [`BEGIN ${String(mode ?? "deferred")} TRANSACTION`]));
  if (typeof c.probeWriteLock === "function") wrap("probeWriteLock", () => ["BEGIN IMMEDIATE (write-lock probe)"]);
}

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox", SEED_LIBRARY: "true" });
  const admin = await createUserWithToken(server, { admin: true });
  adminToken = admin.token;
  ids.userId = admin.id;
  const page = new PageClient(server);
  expect((await page.signIn(admin.email, PASSWORD)).status).toBe(302);
  cookie = [...page.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

  const { client } = server.app.database;
  // A version of the admin's own, with a sender placeholder (the version page fills it from the profile).
  const generated = (await (
    await server.fetch("/api/generate", {
      method: "POST",
      token: adminToken,
      json: { prompt: "A spring sale email with tabs for three products" },
    })
  ).json()) as Record<string, unknown>;
  const { insertEmailVersion } = await import("~/models/email-versions.server");
  ids.versionId = `v-loaders-${Date.now()}`;
  await insertEmailVersion(server.app.database.db as never, {
    id: ids.versionId,
    userId: admin.id,
    kind: "generate",
    prompt: "A spring sale email",
    brief: { prompt: "A spring sale email" },
    blueprint: (generated.blueprint ?? null) as never,
    html: String(generated.html),
    ampHtml: null,
    metadata: (generated.metadata ?? {}) as never,
    subject: "Spring sale",
    qaScore: 90,
  });
  // A send, and the tokens its email carries.
  const sent = (await (
    await server.fetch("/api/send-email-esp", {
      method: "POST",
      token: adminToken,
      json: { to: RECIPIENT, subject: "Hi", html: "<p>Hello</p>" },
    })
  ).json()) as { sendId: string };
  ids.sendId = sent.sendId;
  ids.answerToken = createAnswerToken(server.app.env.SESSION_SECRET, {
    sendId: sent.sendId,
    formId: "",
    question: "k1.0",
    option: 0,
    lang: "en",
    expiresDay: answerExpiryDay(new Date(), 30),
  });
  ids.unsubscribeToken = createUnsubscribeToken(server.app.env.SESSION_SECRET, RECIPIENT);
  // An eval run nobody has worked on for a day: stale, which the eval pages' loaders used to finalize.
  const run = (await (
    await server.fetch("/api/admin/eval", {
      method: "POST",
      token: adminToken,
      json: { action: "createRun", label: "stale", promptSetVersion: "v1", promptCount: 3 },
    })
  ).json()) as { runId: string };
  ids.runId = run.runId;
  await client.execute({ sql: "UPDATE eval_runs SET created_at = ? WHERE id = ?", args: [Date.now() - 86_400_000, run.runId] });
  ids.docId = String((await client.execute("SELECT id FROM rag_documents LIMIT 1")).rows[0].id);

  spyOnWrites(client);
});
afterAll(() => server?.close());

/** The value of each dynamic segment, by route and parameter; anything else gets "missing". */
function paramsFor(routeId: string, names: string[]): Record<string, string> {
  const byName = (name: string): string => {
    if (name === "*") return "unknown/path";
    if (name === "token") return routeId.includes("unsubscribe") ? ids.unsubscribeToken : ids.answerToken;
    if (name === "runId") return ids.runId;
    if (name === "resultId") return "1";
    if (name === "sendId") return ids.sendId;
    if (name === "formId") return "missing";
    if (routeId.startsWith("routes/builder.v.")) return ids.versionId;
    if (routeId.includes("outbox") || routeId.includes("sends")) return ids.sendId;
    if (routeId.includes("users")) return ids.userId;
    if (routeId.includes("library")) return ids.docId;
    return "missing";
  };
  return Object.fromEntries(names.map((n) => [n, byName(n)]));
}

/** Query strings that take a loader past its first check, so it reaches its data. */
function queryFor(routeId: string): string {
  const q: Record<string, string> = {
    "routes/answers": `send=${ids.sendId}`,
    "routes/answers[.]csv": `send=${ids.sendId}`,
    "routes/api.answers": `version=${ids.versionId}`,
    "routes/api.admin.eval": `run=${ids.runId}`,
    "routes/admin.evals.compare": `a=${ids.runId}&b=${ids.runId}x`,
    "routes/admin.deliverability.recipient": `email=${RECIPIENT}`,
    "routes/admin.deliverability.lift": `email=${RECIPIENT}`,
    "routes/builder._index": `from=${ids.versionId}`,
    "routes/builder.v.$id": "panel=amp",
  };
  return q[routeId] ? `?${q[routeId]}` : "";
}

interface Outcome {
  route: string;
  status: number | "error";
  error?: string;
}

async function runLoader(routeId: string, path: string, loader: (args: never) => unknown): Promise<Outcome> {
  const names = [...path.matchAll(/:(\w+)|(\*)/g)].map((m) => m[1] ?? "*");
  const params = paramsFor(routeId, names);
  const pathname = "/" + path.replace(/:(\w+)/g, (_, n: string) => encodeURIComponent(params[n])).replace("*", params["*"] ?? "");
  const gone = new AbortController();
  const request = new Request(`${server.app.env.BASE_URL}${pathname}${queryFor(routeId)}`, {
    headers: { Cookie: cookie, Authorization: `Bearer ${adminToken}`, Accept: "text/html" },
    signal: gone.signal,
  });
  try {
    const result = await loaderOf.run(routeId, () =>
      (loader as (a: unknown) => unknown)({ request, params, context: { requestId: `loader-${routeId}`, clientIp: "127.0.0.1" } }),
    );
    const status = result instanceof Response ? result.status : 200;
    if (result instanceof Response) await result.body?.cancel();
    return { route: routeId, status };
  } catch (thrown) {
    if (thrown instanceof Response) return { route: routeId, status: thrown.status };
    return { route: routeId, status: "error", error: String(thrown) };
  } finally {
    // A stream (a send's live events) ends when its client goes.
    gone.abort();
  }
}

describe("loaders", () => {
  it("write nothing to the database; /healthz writes only its own probe row", async () => {
    const routes = Object.values(server.build.routes).filter((r) => typeof r.module.loader === "function");
    expect(routes.length).toBeGreaterThan(40);
    const outcomes: Outcome[] = [];
    for (const r of routes) outcomes.push(await runLoader(r.id, fullPath(r.id), r.module.loader as never));
    // Each loader ran to an answer (a page, a redirect, a 4xx), none failed.
    expect(outcomes.filter((o) => o.status === "error" || o.status >= 500)).toEqual([]);
    // The pages that need the data did reach it.
    const ok = (id: string) => outcomes.find((o) => o.route === id)?.status;
    for (const id of [
      "routes/builder.v.$id",
      "routes/admin.evals.$runId",
      "routes/admin.evals._index",
      "routes/admin.outbox.$id",
      "routes/r.$token",
      "routes/unsubscribe.$token",
      "routes/admin.library.$id",
      "routes/answers",
    ])
      expect(ok(id), id).toBe(200);

    const [healthz, others] = [writes.filter((w) => w.route === "routes/healthz"), writes.filter((w) => w.route !== "routes/healthz")];
    expect(others).toEqual([]);
    // The spy does see writes: the health probe's.
    expect(healthz.length).toBeGreaterThan(0);
    expect(
      healthz.every((w) => /rate_limits|write-lock probe/.test(w.sql)),
      JSON.stringify(healthz),
    ).toBe(true);

    // The stale run is still running: finalizing it is the `stale-evals` job's work, not a page's.
    const { rows } = await server.app.database.client.execute({ sql: "SELECT status FROM eval_runs WHERE id = ?", args: [ids.runId] });
    expect(rows[0].status).toBe("running");
  });
});

/** A route's full path: its own path under its parents'. */
function fullPath(routeId: string): string {
  const parts: string[] = [];
  for (let r = server.build.routes[routeId]; r; r = r.parentId ? server.build.routes[r.parentId] : (undefined as never)) {
    if (r.path) parts.unshift(r.path);
  }
  return parts.join("/");
}
