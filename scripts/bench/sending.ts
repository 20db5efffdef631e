// npm run bench -- sending: the real server (Express + the Remix build) in a child process on a
// temporary database, driven from this process. Measures sends per second through POST /api/send-email-esp with the outbox
// provider (a generated email of 30 KB, BENCH_EMAIL_BYTES; concurrency 8) and webhook events per second through
// POST /api/esp-webhook (Mailgun-signed, 10% redelivered duplicates), each BENCH_ROUNDS times
// (default 5; the median is judged), then counts rows to prove no event was lost or applied
// twice. Prints one JSON line per measurement and a verdict line.
import { randomUUID } from "node:crypto";
import os from "node:os";
import { signMailgun } from "~/domain/webhooks";
import { render } from "~/domain/render";
import type { Blueprint } from "~/domain/blueprint/schema";
import { sampleBlueprint } from "../../test/fixtures/blueprints";
import { createBenchClient } from "./lib/http-client";
import { startBenchServer, type BenchServer } from "./lib/server-process";
import { median, percentile } from "./lib/stats";

const SENDS = Number(process.env.BENCH_SENDS ?? 2000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DUPLICATE_SHARE = 0.1;
/** Each rate is measured this many times over fresh sends and events; the lines print the median. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const SECRET = "bench-mailgun-signing-key-0123456789";

/** The size of the email each send carries: a generated email of about this many bytes. */
const EMAIL_BYTES = Number(process.env.BENCH_EMAIL_BYTES ?? 30_000);

let server: BenchServer;

/**
 * A generated email (the render of a tabs blueprint, about 20 KB) grown with story sections of
 * about 1.9 KB each, as a longer newsletter would be, until its HTML is at least `bytes` long.
 */
function generatedEmail(bytes: number): string {
  const bp: Blueprint = sampleBlueprint("tabs");
  const para = "Our team spent the season testing every detail, from the stitching to the way the fabric moves in the rain. ";
  for (let i = 1; ; i++) {
    const rendered = render(bp);
    if (!rendered.ok) throw new Error("the sample blueprint does not render");
    if (Buffer.byteLength(rendered.html) >= bytes) return rendered.html;
    bp.sections.splice(bp.sections.length - 1, 0, {
      id: `story-${i}`,
      role: "body",
      headline: `Story ${i}: what we learned this season`,
      body: para.repeat(2),
      image: { src: `https://images.kinetic.example/story-${i}-536x240.jpg`, alt: `Story ${i} photo`, width: 536, height: 240 },
      cta: { label: `Read story ${i}`, url: `https://kinetic.example/stories/${i}` },
    });
  }
}

/**
 * Runs `fn` over the items with `concurrency` in flight. Returns wall seconds and the server
 * process's CPU time per item: on a busy machine the wall rate drops with the CPU share the
 * server gets, its CPU cost per item does not.
 */
async function pool<T>(
  items: T[],
  concurrency: number,
  fn: (item: T) => Promise<void>,
): Promise<{ seconds: number; cpuMs: number; clientCpuMs: number }> {
  let next = 0;
  const started = performance.now();
  const cpu = server.cpuMs();
  const client = process.cpuUsage();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
  const used = process.cpuUsage(client);
  return {
    seconds: (performance.now() - started) / 1000,
    cpuMs: (server.cpuMs() - cpu) / items.length,
    clientCpuMs: (used.user + used.system) / 1000 / items.length,
  };
}

async function main(): Promise<void> {
  server = await startBenchServer("sending", {
    EMAIL_PROVIDER: "outbox",
    BASE_URL: "https://kinetic.example",
    WEBHOOK_SIGNING_SECRET: SECRET,
    WEBHOOK_SCHEME: "mailgun",
    WEBHOOK_MAX_AGE_SECONDS: "3600",
    ALERT_WEBHOOK_URL: "",
  });
  const { url: base, token } = server;
  const http = createBenchClient(base, CONCURRENCY);
  const syncMode = 1; // the app sets synchronous=NORMAL on its one connection (ADR 002)

  const html = generatedEmail(EMAIL_BYTES);

  // ── sends ────────────────────────────────────────────────────────────────────────────────────
  const sendIds: string[] = [];
  const sendLatencies: number[] = [];
  let sendFailures = 0;
  const sendOne = async (i: number, record: boolean, uniqueHtml = false) => {
    // Recorded by index, so event i can name the send that went to reader i.
    const t = performance.now();
    const emailHtml = uniqueHtml ? html.replace("</body>", `<!-- ${i} --></body>`) : html;
    const res = await http.request(
      "POST",
      "/api/send-email-esp",
      { authorization: `Bearer ${token}`, "content-type": "application/json" },
      JSON.stringify({ to: `reader${i}@example.com`, subject: `Bench ${i}`, html: emailHtml, emailName: "Bench", projectId: "p1" }),
    );
    const body = JSON.parse(res.body) as { success: boolean; sendId?: string };
    if (!record) return;
    sendLatencies.push(performance.now() - t);
    if (res.status !== 200 || !body.sendId) sendFailures++;
    else sendIds[i] = body.sendId;
  };
  await pool(
    Array.from({ length: 100 }, (_, i) => i),
    CONCURRENCY,
    (i) => sendOne(100_000 + i, false),
  );
  // Baseline: the cheapest authenticated API call through the same stack.
  const me = await pool(
    Array.from({ length: 1000 }, (_, i) => i),
    CONCURRENCY,
    async () => {
      await http.request("GET", "/api/me", { authorization: `Bearer ${token}` });
    },
  );
  console.log(
    JSON.stringify({
      bench: "sending.baseline_api_me",
      count: 1000,
      per_second: Math.round(1000 / me.seconds),
      cpu_ms_per_op: Number(me.cpuMs.toFixed(3)),
    }),
  );

  // Round r sends to readers r·SENDS … r·SENDS + SENDS − 1; its events (below) go to them.
  const sendRuns: Array<Awaited<ReturnType<typeof pool>>> = [];
  for (let r = 0; r < ROUNDS; r++)
    sendRuns.push(
      await pool(
        Array.from({ length: SENDS }, (_, i) => r * SENDS + i),
        CONCURRENCY,
        (i) => sendOne(i, true),
      ),
    );
  const sendRates = sendRuns.map((run) => Math.round(SENDS / run.seconds));
  const sendsPerSecond = median(sendRates);
  const sendRun = sendRuns[sendRates.indexOf(sendsPerSecond)];
  const sendSeconds = sendRun.seconds;
  sendLatencies.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      bench: "sending.sends",
      count: SENDS,
      rounds: ROUNDS,
      sqlite_synchronous: ["OFF", "NORMAL", "FULL", "EXTRA"][syncMode],
      concurrency: CONCURRENCY,
      email_bytes: Buffer.byteLength(html),
      seconds: Number(sendSeconds.toFixed(2)),
      per_second: sendsPerSecond,
      per_second_rounds: sendRates,
      cpu_ms_per_op: Number(median(sendRuns.map((run) => run.cpuMs)).toFixed(3)),
      client_cpu_ms_per_op: Number(median(sendRuns.map((run) => run.clientCpuMs)).toFixed(3)),
      p50_ms: Number(percentile(sendLatencies, 50).toFixed(2)),
      p95_ms: Number(percentile(sendLatencies, 95).toFixed(2)),
      failures: sendFailures,
    }),
  );

  // The same, but every send has its own HTML: no per-template work can be reused.
  const UNIQUE = Math.min(500, SENDS);
  const uniqueRun = await pool(
    Array.from({ length: UNIQUE }, (_, i) => i),
    CONCURRENCY,
    (i) => sendOne(200_000 + i, false, true),
  );
  console.log(
    JSON.stringify({
      bench: "sending.sends_unique_html",
      count: UNIQUE,
      per_second: Math.round(UNIQUE / uniqueRun.seconds),
      cpu_ms_per_op: Number(uniqueRun.cpuMs.toFixed(3)),
    }),
  );

  // ── webhook events ───────────────────────────────────────────────────────────────────────────
  type Planned = { body: string; kind: string; severity?: string; recipient: string };
  const now = Math.floor(Date.now() / 1000);
  /** Round `round`'s events: to the readers its sends went to, with 10% redelivered. */
  const planRound = (round: number) => {
    const planned: Planned[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const r = i % 100;
      const sendIndex = round * SENDS + (i % SENDS);
      // Most events touch the recipients that were sent to (several events per address, so the
      // compare-and-set state writes do meet each other); bounces and complaints get their own.
      const [kind, severity, recipient] =
        r < 50
          ? ["delivered", undefined, `reader${sendIndex}@example.com`]
          : r < 70
            ? ["opened", undefined, `reader${sendIndex}@example.com`]
            : r < 80
              ? ["clicked", undefined, `reader${sendIndex}@example.com`]
              : r < 95
                ? ["failed", "temporary", `reader${sendIndex}@example.com`]
                : r < 98
                  ? ["failed", "permanent", `hard${round}-${i}@example.com`]
                  : ["complained", undefined, `complaint${round}-${i}@example.com`];
      const eventData = {
        id: `bench-${randomUUID()}`,
        event: kind,
        ...(severity ? { severity } : {}),
        timestamp: now - (EVENTS - i) / 1000,
        recipient,
        "user-variables": { send_id: sendIds[sendIndex] },
        ...(kind === "clicked" ? { url: "https://shop.example/sale" } : {}),
        ...(kind === "failed"
          ? { "delivery-status": { message: severity === "permanent" ? "550 5.1.1 no such user" : "452 4.2.2 mailbox full" } }
          : {}),
      };
      planned.push({ body: JSON.stringify({ signature: signMailgun(SECRET), "event-data": eventData }), kind, severity, recipient });
    }
    // Redeliveries: the identical request again (as a provider retries after a lost answer).
    const duplicates = planned.filter((_, i) => i % Math.round(1 / DUPLICATE_SHARE) === 3);
    const deliveries = [...planned];
    duplicates.forEach((d, k) =>
      deliveries.splice(Math.min(deliveries.length, (k + 1) * Math.floor(deliveries.length / duplicates.length)), 0, d),
    );
    return { planned, duplicates, deliveries };
  };

  const unique: Planned[] = [];
  let duplicatesSent = 0;
  let deliveryCount = 0;
  const counts = { applied: 0, duplicate: 0, other: 0 };
  const eventLatencies: number[] = [];
  const eventRuns: Array<Awaited<ReturnType<typeof pool>>> = [];
  const eventRates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const { planned, duplicates, deliveries } = planRound(round);
    unique.push(...planned);
    duplicatesSent += duplicates.length;
    deliveryCount = deliveries.length;
    const run = await pool(deliveries, CONCURRENCY, async (d) => {
      const t = performance.now();
      const res = await http.request("POST", "/api/esp-webhook", { "content-type": "application/json" }, d.body);
      const body = JSON.parse(res.body) as { success?: boolean; duplicate?: boolean };
      eventLatencies.push(performance.now() - t);
      if (res.status === 200 && body.duplicate) counts.duplicate++;
      else if (res.status === 200) counts.applied++;
      else counts.other++;
    });
    eventRuns.push(run);
    eventRates.push(Math.round(deliveries.length / run.seconds));
  }
  const eventsPerSecond = median(eventRates);
  const eventRun = eventRuns[eventRates.indexOf(eventsPerSecond)];
  eventLatencies.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      bench: "sending.webhook_events",
      count: deliveryCount,
      rounds: ROUNDS,
      sqlite_synchronous: ["OFF", "NORMAL", "FULL", "EXTRA"][syncMode],
      unique: unique.length / ROUNDS,
      duplicates_sent: duplicatesSent / ROUNDS,
      concurrency: CONCURRENCY,
      seconds: Number(eventRun.seconds.toFixed(2)),
      per_second: eventsPerSecond,
      per_second_rounds: eventRates,
      cpu_ms_per_op: Number(median(eventRuns.map((run) => run.cpuMs)).toFixed(3)),
      client_cpu_ms_per_op: Number(median(eventRuns.map((run) => run.clientCpuMs)).toFixed(3)),
      p50_ms: Number(percentile(eventLatencies, 50).toFixed(2)),
      p95_ms: Number(percentile(eventLatencies, 95).toFixed(2)),
      ...counts,
    }),
  );

  // ── the books ────────────────────────────────────────────────────────────────────────────────
  const one = async (sql: string) => Number((await server.db().execute(sql)).rows[0].n);
  const stored = {
    sends: await one("SELECT count(*) AS n FROM email_sends WHERE status = 'sent'"),
    events: await one("SELECT count(*) AS n FROM email_delivery_events WHERE event_id LIKE 'bench-%'"),
    bounces: await one("SELECT count(*) AS n FROM email_bounce_log WHERE event_id LIKE 'bench-%'"),
    hardAndComplaintAlerts: await one("SELECT count(*) AS n FROM operator_alerts WHERE kind IN ('hard_bounce', 'complaint')"),
  };
  const expected = {
    sends: ROUNDS * SENDS + 100 + UNIQUE,
    events: unique.length,
    bounces: unique.filter((u) => u.kind === "failed" && u.severity === "temporary").length,
    hardAndComplaintAlerts: unique.filter((u) => (u.kind === "failed" && u.severity === "permanent") || u.kind === "complained").length,
  };
  const consistent =
    counts.other === 0 &&
    counts.applied === unique.length &&
    counts.duplicate === duplicatesSent &&
    (Object.keys(expected) as Array<keyof typeof expected>).every((k) => stored[k] === expected[k]);
  console.log(
    JSON.stringify({
      bench: "sending.integrity",
      stored,
      expected,
      responses: counts,
      lost_or_double_applied: consistent ? 0 : "MISMATCH",
    }),
  );
  const load = os.loadavg()[0];
  const targets = {
    sends_ge_300_per_s: sendsPerSecond >= 300,
    events_ge_1000_per_s: eventsPerSecond >= 1000,
    no_lost_or_double_applied: consistent,
  };
  console.log(
    JSON.stringify({
      bench: "sending.verdict",
      ...targets,
      pass: Object.values(targets).every(Boolean),
      cpus: os.cpus().length,
      load_average_1m: Number(load.toFixed(1)),
    }),
  );

  http.close();
  await server.stop();
  process.exit(consistent ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
