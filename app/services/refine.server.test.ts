// Refining a saved version (docs/refine.md): content edits change the blueprint and the email is
// rendered again, so the HTML and the AMP version change together; a request with any instruction
// not understood changes nothing and charges nothing. Versions here are built from fixed
// blueprints (test/fixtures/blueprints.ts), not from the copy engine, so the words are known.
import { beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/composition/app.server";
import type { Blueprint } from "~/domain/blueprint/schema";
import { render } from "~/domain/render";
import { balanceOf, listLedger } from "~/models/credits.server";
import { findEmailVersion, insertEmailVersion, listEmailVersions, type EmailVersion } from "~/models/email-versions.server";
import { createUser, type User } from "~/models/users.server";
import { createTestApp } from "../../test/helpers/app-context";
import { sampleBlueprint } from "../../test/fixtures/blueprints";
import { buildAmpEmail } from "./amp.server";
import { refineVersion } from "./refine.server";

let app: AppContext;
let user: User;
let n = 0;

beforeAll(async () => {
  app = await createTestApp();
  const u = await createUser(app.database.db, { email: "refiner@example.com", password: "password123", credits: 50 });
  if (!u.ok) throw new Error("user");
  user = u.user;
});

const EN_PROMPT =
  "Holiday email for Northwind Candles: Spruce candle $24, Cedar candle $26, Fig candle $22. 15% off with code GLOW15 until Dec 18. Free gift wrap over $50. Shop at https://northwind.example/shop";

function candles(): Blueprint {
  const bp = sampleBlueprint("tabs", "survey");
  bp.brandName = "Northwind Candles";
  bp.subject = "Candles for the holidays";
  bp.interactiveConfig.modules[0] = {
    technique: "tabs",
    items: [
      { label: "Spruce candle", headline: "Spruce candle — $24", body: "Pine needles and snow." },
      { label: "Cedar candle", headline: "Cedar candle — $26", body: "Warm wood and smoke." },
      { label: "Fig candle", headline: "Fig candle — $22", body: "Sweet and green." },
    ],
  };
  bp.sections.splice(1, 0, {
    id: "offer",
    role: "offer",
    headline: "15% off everything",
    body: "Use code GLOW15 — 15% off until Dec 18. Free gift wrap over $50.",
  });
  return bp;
}

function teas(): Blueprint {
  const bp = sampleBlueprint("itemCart");
  bp.lang = "fr";
  bp.brandName = "Maison Thé";
  bp.subject = "Nos thés d'hiver";
  bp.interactiveConfig.modules[0] = {
    technique: "itemCart",
    currency: "EUR",
    items: [
      { label: "Bougie Sapin", price: 1290 },
      { label: "Thé vert Sencha", price: 1250 },
      { label: "Tisane Verveine", price: 800 },
    ],
    checkout: { label: "Commander", url: "https://the.example.fr/panier" },
  };
  return bp;
}

async function saveVersion(blueprint: Blueprint, prompt: string): Promise<EmailVersion> {
  const rendered = render(blueprint);
  if (!rendered.ok) throw new Error("render");
  const amp = await buildAmpEmail(app, { blueprint, html: rendered.html, formId: `form-${++n}` });
  if (!amp.ok) throw new Error(amp.error);
  const id = `base-${n}`;
  await insertEmailVersion(app.database.db, {
    id,
    userId: user.id,
    parentId: null,
    kind: "generate",
    prompt,
    brief: { prompt, generateAmp: true },
    copyDoc: null,
    blueprint: blueprint as unknown as Record<string, unknown>,
    html: rendered.html,
    ampHtml: amp.value.ampHtml,
    metadata: {},
    subject: blueprint.subject,
    qaScore: 80,
  });
  return (await findEmailVersion(app.database.db, user.id, id))!;
}

async function refined(version: EmailVersion, instructions: string) {
  const r = await refineVersion(app, user, version, instructions);
  if (!r.ok) throw new Error(`${r.error} ${JSON.stringify(r.extra)}`);
  return (await findEmailVersion(app.database.db, user.id, r.value.versionId))!;
}

describe("refineVersion: content edits", () => {
  it("changes a price, adds and removes items in the HTML and the AMP version alike, for one credit", async () => {
    const base = await saveVersion(candles(), EN_PROMPT);
    expect(base.ampHtml).toContain("Fig candle");
    const before = await balanceOf(app.database.db, user.id);
    const child = await refined(base, "change the price of Spruce to $28\nadd Oolong tea $12 and remove the Fig candle");
    for (const view of [child.html, child.ampHtml ?? ""]) {
      expect(view).toContain("Spruce candle — $28");
      expect(view).not.toContain("$24");
      expect(view).toContain("Oolong tea — $12");
      expect(view).not.toContain("Fig candle");
    }
    expect(child.ampHtml).toBeTruthy();
    expect(await balanceOf(app.database.db, user.id)).toBe(before - app.env.CREDITS_PER_GENERATION);
    const bp = child.blueprint as unknown as Blueprint;
    expect(bp.interactiveConfig.modules[0]).toMatchObject({
      items: [{ label: "Spruce candle" }, { label: "Cedar candle" }, { label: "Oolong tea" }],
    });
    const meta = child.metadata as { refine: { applied: string[]; creditsCharged: number; ampDropped: boolean } };
    expect(meta.refine.applied).toHaveLength(3);
    expect(meta.refine).toMatchObject({ creditsCharged: app.env.CREDITS_PER_GENERATION, ampDropped: false });
    // The new price and item trace to the user's words: the fact trace finds no invented claim.
    const qa = (child.metadata as { qa: { failedChecks: Array<{ id: string; message: string }> } }).qa;
    expect(qa.failedChecks.find((c) => c.id === "copy-verbatim")?.message ?? "").not.toMatch(/\$28|\$12|Oolong/);
  });

  it("adds an option to question 2 and moves an offer's deadline and minimum spend, in both views", async () => {
    const base = await saveVersion(candles(), EN_PROMPT);
    const child = await refined(base, "add option 'Never' to question 2\nthe 15% code ends on Dec 20\nfree gift wrap over $60");
    for (const view of [child.html, child.ampHtml ?? ""]) {
      expect(view).toContain("Never");
      expect(view).toContain("Dec 20");
      expect(view).not.toContain("Dec 18");
      expect(view).toContain("Free gift wrap over $60");
    }
  });

  it("links an item and the main button", async () => {
    const base = await saveVersion(candles(), EN_PROMPT);
    const child = await refined(
      base,
      "the Spruce item links to https://northwind.example/spruce and link the button to https://northwind.example/sale",
    );
    for (const view of [child.html, child.ampHtml ?? ""]) {
      expect(view).toContain('href="https://northwind.example/spruce"');
      expect(view).toContain('href="https://northwind.example/sale"');
    }
  });

  it("reads a French price with a decimal comma and changes the cart in both views", async () => {
    const base = await saveVersion(teas(), "Panier pour Maison Thé : Bougie Sapin 12,90 €, Thé vert Sencha 12,50 €, Tisane Verveine 8 €.");
    const child = await refined(base, "le prix du Sapin passe à 14,50 €\najoute le thé Oolong à 9,90 €");
    const cart = (child.blueprint as unknown as Blueprint).interactiveConfig.modules[0];
    expect(cart).toMatchObject({ items: [{ label: "Bougie Sapin", price: 1450 }, {}, {}, { label: "Thé Oolong", price: 990 }] });
    for (const view of [child.html, child.ampHtml ?? ""]) {
      expect(view).toMatch(/14,50(?:&nbsp;|\s)€/);
      expect(view).toContain("Thé Oolong");
    }
  });
});

describe("refineVersion: the credit and the new version together", () => {
  it("gives the credit back when the refined version cannot be stored, and leaves nothing pending", async () => {
    const base = await saveVersion(candles(), EN_PROMPT);
    const before = await balanceOf(app.database.db, user.id);
    // As a kill between the refine and the new version's row would: the version never lands.
    await app.database.client.execute(
      "CREATE TEMP TRIGGER no_refined_version BEFORE INSERT ON main.email_versions WHEN NEW.kind = 'refine' BEGIN SELECT RAISE(ABORT, 'the version cannot be stored'); END",
    );
    try {
      await expect(refineVersion(app, user, base, "change the price of Spruce to $30")).rejects.toThrow("the version cannot be stored");
    } finally {
      await app.database.client.execute("DROP TRIGGER temp.no_refined_version");
    }
    expect(await balanceOf(app.database.db, user.id)).toBe(before);
    expect((await listEmailVersions(app.database.db, user.id)).filter((v) => v.parentId === base.id)).toEqual([]);
    const pending = await app.database.client.execute({
      sql: "SELECT count(*) AS n FROM pending_charges WHERE user_id = ?",
      args: [user.id],
    });
    expect(Number(pending.rows[0].n)).toBe(0);
  });
});

describe("refineVersion: all or nothing", () => {
  it("applies nothing, saves nothing and charges nothing when one instruction is not understood, naming each problem", async () => {
    const base = await saveVersion(candles(), EN_PROMPT);
    const before = await balanceOf(app.database.db, user.id);
    const ledger = (await listLedger(app.database.db, user.id, { limit: 1, offset: 0 })).total;
    const versions = (await listEmailVersions(app.database.db, user.id, 500)).length;
    const r = await refineVersion(app, user, base, "change the price of Spruce to $28\nmake it pop\nremove the Cedarwood candle");
    expect(r).toMatchObject({
      ok: false,
      status: 422,
      code: "not-understood",
      extra: {
        notApplied: [
          { instruction: "make it pop", reason: "I did not understand “make it pop”" },
          { instruction: "remove the Cedarwood candle", reason: "There is no item “Cedarwood candle”" },
        ],
      },
    });
    expect(await balanceOf(app.database.db, user.id)).toBe(before);
    expect((await listLedger(app.database.db, user.id, { limit: 1, offset: 0 })).total).toBe(ledger);
    expect((await listEmailVersions(app.database.db, user.id, 500)).length).toBe(versions);
  });

  it("refuses a look edit that finds nothing, with the content edits beside it", async () => {
    const base = await saveVersion(candles(), EN_PROMPT);
    const before = await balanceOf(app.database.db, user.id);
    const r = await refineVersion(app, user, base, 'add Oolong tea $12\nreplace "Nowhere" with "Here"');
    expect(r).toMatchObject({ ok: false, status: 422, extra: { notApplied: [{ instruction: 'replace "Nowhere" with "Here"' }] } });
    expect(await balanceOf(app.database.db, user.id)).toBe(before);
  });

  it("keeps a colour edit when a later refine renders the email again", async () => {
    const base = await saveVersion(candles(), EN_PROMPT);
    const green = await refined(base, "make the buttons green");
    expect(green.ampHtml).toBeNull();
    const child = await refined(green, "add Oolong tea $12");
    expect(child.html).toContain("#16a34a");
    expect(child.html).toContain("Oolong tea");
  });
});
