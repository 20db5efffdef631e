// The deliverability pages through the real server, fed by signed Mailgun webhooks (the e2e
// server has no signing secret): alerts to review and their acknowledgement, the bounce log and
// state of one recipient, and a lift that needs its confirmation. Forms are posted as a browser
// without JavaScript would, with the session's CSRF token.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signMailgun } from "~/domain/webhooks";
import { PageClient, csrfTokenIn } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const SECRET = "key-admin-pages-0123456789abcdef";
const PASSWORD = "correct horse battery";

let server: TestServer;
let admin: PageClient;
let adminUser: { id: string; email: string; token: string };

const SOFT = "full-mailbox@example.com";
const HARD = "gone@example.com";
const COMPLAINT = "angry@example.com";
const FINE = "fine@example.com";
const QUOTA = "452 4.2.2 The email account that you tried to reach is over quota";

async function webhook(kind: string, recipient: string, extra: Record<string, unknown> = {}) {
  const data = { id: `evt-${randomUUID()}`, event: kind, timestamp: Date.now() / 1000, recipient, ...extra };
  const res = await server.fetch("/api/esp-webhook", { method: "POST", json: { signature: signMailgun(SECRET), "event-data": data } });
  expect(res.status).toBe(200);
}

async function send(to: string) {
  const res = await server.fetch("/api/send-email-esp", { method: "POST", token: adminUser.token, json: { to, html: "<p>Hello</p>" } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A page's HTML without React's text separators (`<!-- -->`), so sentences read whole. */
const readable = (html: string) => html.replace(/<!-- -->/g, "");

async function page(path: string) {
  const r = await admin.page(path);
  return { ...r, html: readable(r.html) };
}

async function post(path: string, form: Record<string, string>) {
  const res = await admin.post(path, form);
  return { res, html: readable(await res.text()) };
}

/** The ids of the alerts a page lists, with their state. */
function alertsIn(html: string): Array<{ id: number; state: string }> {
  return [...html.matchAll(/data-testid="alert-(\d+)" data-state="(open|acknowledged)"/g)].map((m) => ({ id: Number(m[1]), state: m[2] }));
}

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox", WEBHOOK_SIGNING_SECRET: SECRET, WEBHOOK_SCHEME: "mailgun" });
  adminUser = await createUserWithToken(server, { admin: true });
  admin = new PageClient(server);
  expect((await admin.signIn(adminUser.email, PASSWORD)).status).toBe(302);

  for (let i = 0; i < 3; i++) await webhook("failed", SOFT, { severity: "temporary", "delivery-status": { message: QUOTA } });
  await webhook("failed", HARD, { severity: "permanent", "delivery-status": { message: "550 5.1.1 No such user" } });
  await webhook("complained", COMPLAINT);
  await webhook("delivered", FINE);
  await webhook("opened", FINE);
});
afterAll(() => server?.close());

describe("overview", () => {
  it("lists the three alerts to review, the day's events in the chart, and the soft-bounced recipient", async () => {
    const { res, html } = await page("/admin/deliverability");
    expect(res.status).toBe(200);
    expect(html).toContain('href="/styles/admin.css"');
    const open = alertsIn(html);
    expect(open).toHaveLength(3);
    expect(open.every((a) => a.state === "open")).toBe(true);
    for (const email of [SOFT, HARD, COMPLAINT]) expect(html).toContain(email);
    expect(html).toContain("Repeated soft bounces");
    expect(html).toContain('data-testid="activity-chart"');
    // 3 soft bounces, 1 hard bounce, 1 complaint, 1 delivered, 1 opened, all today.
    expect(html).toMatch(/data-testid="legend-soft_bounce"[^]*?<strong>3<\/strong>/);
    expect(html).toMatch(/data-testid="legend-delivered"[^]*?<strong>1<\/strong>/);
    expect(html).toMatch(/data-testid="bouncing"[^]*full-mailbox@example.com/);
  });
});

describe("one recipient", () => {
  it("shows the bounce log, the machine's state and what a send would get", async () => {
    const { res, html } = await page(`/admin/deliverability/recipient?email=${encodeURIComponent(SOFT)}`);
    expect(res.status).toBe(200);
    const log = /data-testid="bounce-log"[^]*?<\/table>/.exec(html)?.[0] ?? "";
    expect(log.split(QUOTA).length - 1).toBeGreaterThanOrEqual(3);
    expect(log).toContain("3 soft bounces in 7 days");
    expect(html).toMatch(/data-testid="recipient-state"[^>]*>[^]*?Suppressed/);
    expect(html).toMatch(/data-testid="send-verdict"[^>]*>[^]*?Sends are refused/);
    expect((await send(SOFT)).body).toMatchObject({ error: "Recipient suppressed", reason: "suppressed" });
  });

  it("an address that is not an email is explained, not an error", async () => {
    const { res, html } = await page("/admin/deliverability/recipient?email=not-an-address");
    expect(res.status).toBe(200);
    expect(html).toContain("is not an email address");
  });
});

describe("acknowledging alerts", () => {
  it("acknowledges one alert once, with who; a second acknowledgement says who did it", async () => {
    const { html, csrf } = await page("/admin/deliverability/alerts");
    const target = alertsIn(html)[0];
    const { res, html: after } = await post("/admin/deliverability/alerts", { _csrf: csrf, intent: "ack", id: String(target.id) });
    expect(res.status).toBe(200);
    expect(after).toContain("Alert acknowledged.");
    expect(alertsIn(after).find((a) => a.id === target.id)?.state).toBe("acknowledged");
    expect(after).toContain(`Acknowledged by ${adminUser.email}`);
    // Open alerts come first.
    const states = alertsIn(after).map((a) => a.state);
    expect(states).toEqual(["open", "open", "acknowledged"]);

    const { html: again } = await post("/admin/deliverability/alerts", { _csrf: csrf, intent: "ack", id: String(target.id) });
    expect(again).toContain(`That alert was already acknowledged by ${adminUser.email}.`);
  });

  it("without the CSRF token nothing is acknowledged", async () => {
    const { html } = await page("/admin/deliverability/alerts");
    const open = alertsIn(html).filter((a) => a.state === "open");
    const res = await admin.post("/admin/deliverability/alerts", { intent: "ack", id: String(open[0].id) });
    expect(res.status).toBe(403);
    expect(alertsIn((await page("/admin/deliverability/alerts")).html).filter((a) => a.state === "open")).toHaveLength(open.length);
  });

  it("acknowledges every open alert up to the newest one shown; then nothing needs attention", async () => {
    const { html, csrf } = await page("/admin/deliverability/alerts");
    const through = Math.max(...alertsIn(html).map((a) => a.id));
    const { html: done } = await post("/admin/deliverability/alerts", { _csrf: csrf, intent: "ack-all", through: String(through) });
    expect(done).toContain("Acknowledged 2 alerts.");
    const overview = (await page("/admin/deliverability")).html;
    expect(overview).toContain("Nothing needs attention");
  });
});

describe("lifting", () => {
  it("asks first (GET changes nothing, a post without confirm=yes changes nothing), then lifts and the send endpoint accepts the address", async () => {
    const confirm = await page(
      `/admin/deliverability/lift?email=${encodeURIComponent(HARD)}&returnTo=${encodeURIComponent("/admin/deliverability/suppressions")}`,
    );
    expect(confirm.html).toContain(`Lift the suppression of ${HARD}?`);
    expect(confirm.html).toContain("Hard bounce");
    expect((await send(HARD)).status).toBe(400);

    const unconfirmed = await post("/admin/deliverability/lift", {
      _csrf: confirm.csrf,
      intent: "lift",
      email: HARD,
      returnTo: "/admin/deliverability/suppressions",
    });
    expect(unconfirmed.res.status).toBe(400);
    expect(unconfirmed.html).toContain("Confirm that you want to lift this suppression");
    expect((await send(HARD)).status).toBe(400);

    const lifted = await admin.post("/admin/deliverability/lift", {
      _csrf: confirm.csrf,
      intent: "lift",
      email: HARD,
      confirm: "yes",
      returnTo: "https://evil.example/",
    });
    expect(lifted.status).toBe(302);
    // An outside returnTo is not followed.
    expect(lifted.headers.get("location")).toBe(`/admin/deliverability/suppressions?lifted=${encodeURIComponent(HARD)}`);
    expect((await send(HARD)).status).toBe(200);
    const list = (await page(lifted.headers.get("location")!)).html;
    expect(list).toContain(`Lifted the suppression of ${HARD}.`);
    expect(list).not.toContain(`data-testid="suppression-${HARD}"`);
    // The bounce log and events keep the history.
    expect((await page(`/admin/deliverability/recipient?email=${encodeURIComponent(HARD)}`)).html).toContain("Hard bounce");
  });

  it("a form with a bad address is answered with the field's message", async () => {
    const { csrf } = await page("/admin/deliverability/suppressions");
    const { res, html } = await post("/admin/deliverability/suppressions", {
      _csrf: csrf,
      intent: "suppress",
      email: "nope",
      reason: "manual",
      until: "",
    });
    expect(res.status).toBe(200);
    expect(html).toContain("Enter a valid email address");
    expect(csrfTokenIn(html)).toBe(csrf);
  });
});
