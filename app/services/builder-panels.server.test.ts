// The builder's version panels on this file's own database (test/setup.ts) with the real local
// engines: versions come from generate() and are stored with insertEmailVersion, as the builder does.
import { simpleParser } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import { getApp, type AppContext } from "~/composition/app.server";
import { balanceOf, listLedger } from "~/models/credits.server";
import { findEmailVersion, insertEmailVersion, type EmailVersion } from "~/models/email-versions.server";
import { listFeedback } from "~/models/feedback.server";
import { getDocument } from "~/models/rag-documents.server";
import { createUser, type User } from "~/models/users.server";
import { qa } from "~/domain/qa/qa";
import { generate, prepareGeneration } from "./generation.server";
import { suppressManually } from "./deliverability.server";
import {
  downloadName,
  freeRegenerate,
  freeRegenReference,
  freeRegenState,
  refineVersion,
  restoreParent,
  saveVersionToLibrary,
  sendTest,
  tagVersion,
  versionEml,
  versionFeedback,
  versionHtml,
} from "./builder-panels.server";
import { SAMPLE_RECIPIENT } from "~/domain/builder/downloads";
import { saveSenderProfile } from "~/models/sender-profiles.server";

let app: AppContext;
let user: User;
let admin: User;
let counter = 0;

const PROMPT = "Spring sale for Bloom & Co: tabs for Dresses ($49), Shoes ($79) and Bags ($59), 20% off until May 3";

beforeAll(async () => {
  app = await getApp();
  await migrate(app.database.client);
  const u = await createUser(app.database.db, { email: "maker@example.com", password: "password123", credits: 10 });
  const a = await createUser(app.database.db, { email: "boss@example.com", password: "password123", credits: 10, admin: true });
  if (!u.ok || !a.ok) throw new Error("users");
  user = u.user;
  admin = a.user;
  // The brand website: where the prompt's link-less buttons lead (without it they are left out).
  await saveSenderProfile(app.database.db, user.id, {
    senderName: "Bloom & Co",
    fromAddress: null,
    replyTo: null,
    postalAddress: "1 Petal Lane\nLeeds",
    logoUrl: null,
    websiteUrl: "https://bloom.example",
  });
});

/** A version as the builder stores it: the result of generate() (optionally with its HTML degraded). */
async function makeVersion(owner: User, opts: { amp?: boolean; degrade?: boolean } = {}): Promise<EmailVersion> {
  const prepared = prepareGeneration({ prompt: PROMPT, generateAmp: opts.amp ?? false });
  if (!prepared.ok) throw new Error(prepared.error);
  const result = await generate(app, owner, prepared.value);
  if (!result.ok) throw new Error(result.error);
  const response = result.value;
  let html = response.html;
  let metadata = response.metadata as unknown as Record<string, unknown>;
  let score = response.metadata.qa.score;
  if (opts.degrade) {
    // What a weak model might return: no doctype, head, unsubscribe or fallback.
    html =
      "<html><body><table><tr><td><h1>Spring sale</h1><p style='font-size:11px;color:#bbb'>Dresses, shoes and bags.</p><a href='#'>Shop</a></td></tr></table></body></html>";
    const report = qa(html, {});
    score = report.score;
    metadata = { ...metadata, qa: { score, qualifiesForFreeRegen: report.qualifiesForFreeRegen, failedChecks: report.failedChecks } };
  }
  const id = `v-${++counter}-${Date.now()}`;
  await insertEmailVersion(app.database.db, {
    id,
    userId: owner.id,
    kind: "generate",
    prompt: PROMPT,
    brief: { prompt: PROMPT, techniques: ["tabs"], generateAmp: opts.amp ?? false },
    blueprint: response.blueprint as unknown as Record<string, unknown>,
    html,
    ampHtml: response.ampHtml || null,
    metadata,
    subject: response.blueprint.subject,
    qaScore: score,
  });
  const v = await findEmailVersion(app.database.db, owner.id, id);
  if (!v) throw new Error("not stored");
  return v;
}

describe("free regeneration", () => {
  it("regenerates a version scoring below 70 once, without charging, as a child version", async () => {
    const low = await makeVersion(user, { degrade: true });
    expect(low.qaScore).toBeLessThan(70);
    expect(await freeRegenState(app, user, low)).toEqual({ eligible: true });
    const before = await balanceOf(app.database.db, user.id);

    const first = await freeRegenerate(app, user, low);
    expect(first).toMatchObject({ ok: true });
    if (!first.ok) return;
    expect(await balanceOf(app.database.db, user.id)).toBe(before);
    const child = await findEmailVersion(app.database.db, user.id, first.value.versionId);
    expect(child).toMatchObject({ kind: "regenerate", parentId: low.id });
    expect(child?.qaScore).toBeGreaterThanOrEqual(70);
    const ledger = await listLedger(app.database.db, user.id, { limit: 10, offset: 0 });
    expect(ledger.rows.find((r) => r.reference === freeRegenReference(low.id))).toMatchObject({
      kind: "refund",
      delta: app.env.CREDITS_PER_GENERATION,
    });

    const second = await freeRegenerate(app, user, low);
    expect(second).toMatchObject({ ok: false, status: 409, code: "used" });
    expect(await freeRegenState(app, user, low)).toMatchObject({ eligible: false, reason: "used" });
    expect(await balanceOf(app.database.db, user.id)).toBe(before);
  });

  it("refuses a version whose stored score is 70 or more, and charges nothing", async () => {
    const good = await makeVersion(user);
    expect(good.qaScore).toBeGreaterThanOrEqual(70);
    const before = await balanceOf(app.database.db, user.id);
    expect(await freeRegenerate(app, user, good)).toMatchObject({ ok: false, status: 403, code: "not-eligible" });
    // Even when metadata claims it qualifies: the stored score decides.
    const forged = { ...good, metadata: { ...good.metadata, qa: { score: 10, qualifiesForFreeRegen: true } } };
    expect(await freeRegenerate(app, user, forged)).toMatchObject({ ok: false, status: 403 });
    expect(await balanceOf(app.database.db, user.id)).toBe(before);
  });
});

describe("refine and undo", () => {
  it("makes a refine version with the parent and what applied; undo restores the parent as a new version", async () => {
    const base = await makeVersion(user, { amp: true });
    const refined = await refineVersion(app, user, base, "make the button green");
    expect(refined).toMatchObject({ ok: true });
    if (!refined.ok || !refined.value.versionId) throw new Error("no version");
    const child = await findEmailVersion(app.database.db, user.id, refined.value.versionId);
    expect(child).toMatchObject({ kind: "refine", parentId: base.id, prompt: "make the button green", ampHtml: null });
    expect(child?.html).not.toBe(base.html);
    const refine = (child?.metadata as { refine: { applied: string[]; notApplied: unknown[]; ampDropped: boolean } }).refine;
    expect(refine.applied.length).toBe(1);
    expect(refine.notApplied).toHaveLength(0);
    // A look edit changes the HTML only: the AMP version no longer matches it.
    expect(refine.ampDropped).toBe(true);

    const undone = await restoreParent(app, user, child!);
    expect(undone).toMatchObject({ ok: true });
    if (!undone.ok) return;
    const restored = await findEmailVersion(app.database.db, user.id, undone.value.versionId);
    expect(restored).toMatchObject({ kind: "restore", parentId: child!.id, html: base.html, ampHtml: base.ampHtml, qaScore: base.qaScore });
    expect(restored?.metadata).toMatchObject({ restore: { restored: base.id, undid: child!.id } });
  });

  it("saves nothing and charges nothing when an instruction is not understood, and names it", async () => {
    const base = await makeVersion(user);
    const before = await balanceOf(app.database.db, user.id);
    const r = await refineVersion(app, user, base, "make the button green\nfrobnicate the widget");
    expect(r).toMatchObject({
      ok: false,
      status: 422,
      code: "not-understood",
      extra: { notApplied: [{ instruction: "frobnicate the widget", reason: "I did not understand “frobnicate the widget”" }] },
    });
    expect(await balanceOf(app.database.db, user.id)).toBe(before);
    expect(await restoreParent(app, user, base)).toMatchObject({ ok: false, code: "no-parent" });
  });
});

describe("ship", () => {
  it("refuses a test send to a suppressed address with the send service's error", async () => {
    const v = await makeVersion(user);
    const until = new Date(Date.now() + 3 * 24 * 3_600_000);
    const s = await suppressManually(app, { email: "blocked@example.com", reason: "manual", until, by: admin.email });
    expect(s.ok).toBe(true);
    const refused = await sendTest(app, user, v, "blocked@example.com");
    expect(refused).toMatchObject({ ok: false, status: 400, error: "Recipient suppressed" });
    expect(refused.ok ? null : refused.extra?.retry_after).toBe(until.toISOString());
    const sent = await sendTest(app, user, v, "reader@example.com");
    expect(sent).toMatchObject({ ok: true, value: { provider: "outbox" } });
  });

  it("builds an .eml that parses, with the text, AMP and HTML parts, and is not sent", async () => {
    const v = await makeVersion(user, { amp: true });
    const raw = await versionEml(app, user, v);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(v.subject);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "").toBe(user.email);
    expect(parsed.html).toContain('data-kx-technique="tabs"');
    expect(parsed.text).toContain("Dresses");
    expect(parsed.attachments.some((a) => a.contentType === "text/x-amp-html")).toBe(true);
    expect(parsed.headers.get("x-kinetic-version-id")).toBe(v.id);
    expect(raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(downloadName(v, "eml")).toMatch(/^[a-z0-9-]+\.eml$/);
  });

  it("offers the email as sent to a sample recipient: every placeholder filled by the send path, nothing sent", async () => {
    const v = await makeVersion(user, { amp: true });
    // A template carrying every placeholder a send fills, an answer link among them.
    const every =
      '<!DOCTYPE html><html lang="en"><body><a href="{{VIB_URL}}">View</a> {{UUID}} {{SEND_ID}} {{RECIPIENT_EMAIL}} <a href="{{UNSUBSCRIBE_URL}}">Unsubscribe</a>' +
      '<a href="{{ANSWER_URL:en:k1.0.1:form1}}">Yes</a> {{SENDER_NAME}} {{SENDER_POSTAL_ADDRESS}} <a href="{{SENDER_WEBSITE}}">Site</a></body></html>';
    const crafted = { ...v, id: `${v.id}-all`, html: every };
    for (const version of [v, crafted]) {
      const template = await versionHtml(app, user, version, "template");
      expect(template).toContain("{{");
      const html = await versionHtml(app, user, version, "sent");
      expect(html).not.toContain("{{");
      const parsed = await simpleParser(await versionEml(app, user, version, "sent"));
      expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "").toBe(SAMPLE_RECIPIENT);
      expect(parsed.html || "").not.toContain("{{");
      expect(parsed.text || "").not.toContain("{{");
      for (const a of parsed.attachments) expect(a.content.toString("utf8")).not.toContain("{{");
    }
    const html = await versionHtml(app, user, crafted, "sent");
    expect(html).toContain(`${app.env.BASE_URL}/builder/v/${crafted.id}/download.html?as=sent&amp;inline=1`);
    expect(html).toContain(SAMPLE_RECIPIENT);
    expect(html).toContain(`${app.env.BASE_URL}/unsubscribe/`);
    expect(html).toContain(`${app.env.BASE_URL}/r/`);
    expect(html).toContain("1 Petal Lane, Leeds");
    expect(html).toContain('href="https://bloom.example"');
    expect(downloadName(v, "html", true)).toMatch(/-as-sent\.html$/);
  });

  it("stores feedback with the version's prompt and retrieval facts", async () => {
    const v = await makeVersion(user);
    const r = await versionFeedback(app, user, v, { rating: "2", comment: "  Headline too long  " });
    expect(r).toMatchObject({ ok: true, value: { positive: false } });
    const [row] = await listFeedback(app.database.db, 1);
    expect(row).toMatchObject({
      prompt: PROMPT,
      rating: "2",
      ragUsed: false,
      ragExamplesCount: 0,
      comment: "Headline too long",
      userId: user.id,
    });
  });

  it("saves a version to the library with the auto-tagged fields as reviewed", async () => {
    const v = await makeVersion(admin);
    const tagged = await tagVersion(app, v);
    expect(tagged).toMatchObject({ ok: true, value: { tags: { technique: expect.stringContaining("tabs") } } });
    if (!tagged.ok) return;
    const t = tagged.value.tags;
    const saved = await saveVersionToLibrary(app, v, {
      description: `${t.description} (reviewed)`,
      technique: t.technique,
      complexity: t.complexity,
      emailPurpose: t.emailPurpose,
      exampleType: "positive",
      keyFeatures: t.keyFeatures.join(", "),
      bestPracticeTags: t.bestPracticeTags.join(", "),
    });
    expect(saved).toMatchObject({ ok: true, value: { docId: expect.stringMatching(/^html-\d+-/) } });
    if (!saved.ok) return;
    const doc = await getDocument(app.database.db, saved.value.docId);
    expect(doc?.html).toBe(v.html);
    expect(doc?.metadata).toMatchObject({ description: `${t.description} (reviewed)`, technique: t.technique, keyFeatures: t.keyFeatures });
    expect(await saveVersionToLibrary(app, v, { description: "  " })).toMatchObject({ ok: false, status: 400 });
  });
});
