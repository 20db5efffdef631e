// The builder service on the real local engines and a private temporary database (test/setup.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { getApp, type AppContext } from "~/composition/app.server";
import { migrate } from "../../db/migrate";
import { balanceOf } from "~/models/credits.server";
import { createUser, type User } from "~/models/users.server";
import { findBrandProfile, findEmailVersion, listEmailVersions } from "~/models/email-versions.server";
import {
  briefCopy,
  briefToGenerateInput,
  builderStart,
  generateFromBrief,
  parseBriefForm,
  parseCopyForm,
  parseGenerateForm,
  previewOf,
  regenerateVersion,
  versionPage,
  type Brief,
} from "./builder.server";

let app: AppContext;
let user: User;
let other: User;

const PROMPT = "Spring sale for Bloom & Co: tabs for Dresses ($49), Shoes ($79) and Bags ($59), 20% off with code BLOOM20 until May 3";

function form(entries: Array<[string, string]>) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

beforeAll(async () => {
  app = await getApp();
  await migrate(app.database.client);
  const a = await createUser(app.database.db, { email: "builder@example.com", password: "password123", credits: 10 });
  const b = await createUser(app.database.db, { email: "other@example.com", password: "password123", credits: 0 });
  if (!a.ok || !b.ok) throw new Error("users");
  user = a.user;
  other = b.user;
});

describe("the brief form", () => {
  it("parses fields into the API's GenerateInput", () => {
    const parsed = parseBriefForm(
      form([
        ["prompt", PROMPT],
        ["techniques", "tabs"],
        ["complexity", "advanced"],
        ["styleTheory", "bold"],
        ["layout", "newsletter"],
        ["emailType", "ecommerce"],
        ["brand.useColors", "on"],
        ["brand.colors.primary", "#123456"],
        ["brand.buttonRadius", "4"],
        ["brand.logoUrl", "https://cdn.example.com/logo.png"],
        ["brand.fontFamily", "Georgia, 'Times New Roman', Times, serif"],
        ["images[0].name", ""],
        ["images[0].url", ""],
        ["images[1].name", "hero"],
        ["images[1].description", "Dresses on a rail"],
        ["images[1].url", "https://cdn.example.com/hero.jpg"],
        ["images[2].name", ""],
        ["images[2].url", ""],
        ["useRAG", "on"],
      ]),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const input = briefToGenerateInput(parsed.brief);
    expect(input).toMatchObject({
      prompt: PROMPT,
      detectedTechnique: "tabs",
      complexity: "advanced",
      styleTheory: "bold",
      layout: "newsletter",
      emailType: "ecommerce",
      useRAG: true,
      generateAmp: false,
      designTokens: {
        colors: { primary: "#123456" },
        buttons: { radius: 4 },
        typography: { fontFamily: "Georgia, 'Times New Roman', Times, serif" },
      },
    });
    expect(input.images?.map((i) => i.name)).toEqual(["logo", "hero"]);
  });

  it("reports errors by field name: no prompt, three techniques, bad colour, bad logo URL, bad image URL", () => {
    const parsed = parseBriefForm(
      form([
        ["prompt", "  "],
        ["techniques", "tabs"],
        ["techniques", "quiz"],
        ["techniques", "menu"],
        ["brand.useColors", "on"],
        ["brand.colors.primary", "red"],
        ["brand.logoUrl", "javascript:alert(1)"],
        ["images[0].name", ""],
        ["images[0].url", ""],
        ["images[1].name", "hero"],
        ["images[1].url", "ftp://x"],
      ]),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    // conform's names; a blank row before it leaves the image's error on its own row.
    expect(Object.keys(parsed.reply.error ?? {}).sort()).toEqual([
      "brand.colors.primary",
      "brand.logoUrl",
      "images[1].url",
      "prompt",
      "techniques",
    ]);
    expect(parsed.reply.initialValue?.prompt).toBe("  ");
  });

  it("keeps the layout choice (auto when not given) and refuses an unknown one by field name", () => {
    const auto = parseBriefForm(form([["prompt", PROMPT]]));
    expect(auto.ok && auto.brief.layout).toBe("auto");
    const bad = parseBriefForm(
      form([
        ["prompt", PROMPT],
        ["layout", "magazine"],
      ]),
    );
    expect(!bad.ok && Object.keys(bad.reply.error ?? {})).toEqual(["layout"]);
  });

  it("reads an unticked Use the library as off, and a blank prompt as the prompt's own message", () => {
    const off = parseBriefForm(form([["prompt", PROMPT]]));
    expect(off.ok && off.brief.useRAG).toBe(false);
    const blank = parseBriefForm(form([["prompt", ""]]));
    expect(!blank.ok && blank.reply.error?.prompt).toEqual(["Describe the email you want"]);
  });

  it("ignores brand colours unless they are switched on", () => {
    const parsed = parseBriefForm(
      form([
        ["prompt", PROMPT],
        ["brand.colors.primary", "#123456"],
      ]),
    );
    expect(parsed.ok && briefToGenerateInput(parsed.brief).designTokens).toBeUndefined();
  });
});

describe("copy first, then generation with the edited words", () => {
  it("writes copy without charging, and places edited words verbatim in a saved version", async () => {
    const parsed = parseBriefForm(
      form([
        ["prompt", PROMPT],
        ["useRAG", "on"],
        ["techniques", "tabs"],
        ["styleTheory", "minimal"],
        ["brand.useColors", "on"],
        ["brand.colors.primary", "#0f5132"],
      ]),
    );
    if (!parsed.ok) throw new Error("brief");
    const before = await balanceOf(app.database.db, user.id);
    const copy = await briefCopy(app, parsed.brief);
    if (!copy.ok) throw new Error(copy.error);
    expect(await balanceOf(app.database.db, user.id)).toBe(before);

    // The copy step's fields, edited the way a person would.
    const fields: Array<[string, string]> = [
      ["intent", "generate-copy"],
      ["brief", JSON.stringify(parsed.brief)],
      ["copy.subject", "Bloom edit: the subject I chose"],
      ["copy.preheader", copy.value.copyDoc.preheader],
    ];
    copy.value.copyDoc.sections.forEach((s, i) => {
      fields.push(
        [`copy.sections.${i}.role`, s.role],
        [`copy.sections.${i}.headline`, i === 0 ? "A headline I rewrote" : s.headline],
        [`copy.sections.${i}.body`, s.body],
        [`copy.sections.${i}.cta`, s.cta],
      );
    });
    copy.value.copyDoc.items.forEach((it, i) =>
      fields.push([`copy.items.${i}.label`, it.label], [`copy.items.${i}.headline`, it.headline], [`copy.items.${i}.body`, it.body]),
    );
    const request = parseGenerateForm(form(fields));
    if (!request.ok || request.mode !== "brief") throw new Error("request");
    expect(request.copyDoc?.subject).toBe("Bloom edit: the subject I chose");

    const stages: string[] = [];
    const result = await generateFromBrief(app, user, request.brief, { copyDoc: request.copyDoc }, (stage) => stages.push(stage));
    if (!result.ok) throw new Error(result.error);
    expect(stages.slice(0, 2)).toEqual(["copy", "blueprint"]);
    expect(stages).toEqual(expect.arrayContaining(["credits", "retrieval", "code", "autofix", "qa"]));
    expect(stages.filter((s) => s === "blueprint")).toHaveLength(1);
    expect(result.value.response.html).toContain("Bloom edit: the subject I chose");
    expect(result.value.response.html).toContain("A headline I rewrote");
    expect(result.value.response.html.toLowerCase()).toContain("#0f5132");
    expect(await balanceOf(app.database.db, user.id)).toBe(before - app.env.CREDITS_PER_GENERATION);

    const saved = await findEmailVersion(app.database.db, user.id, result.value.versionId);
    expect(saved).toMatchObject({ kind: "generate", parentId: null, subject: "Bloom edit: the subject I chose", prompt: PROMPT });
    expect(saved?.copyDoc).toMatchObject({ subject: "Bloom edit: the subject I chose" });
    expect(saved?.qaScore).toBeGreaterThanOrEqual(70);

    // The brand is remembered: the next brief starts from it.
    expect((await findBrandProfile(app.database.db, user.id))?.styleTheory).toBe("minimal");
    const start = await builderStart(app, user);
    expect(start.initial.styleTheory).toBe("minimal");
    expect(start.initial.brand).toMatchObject({ useColors: true, colors: { primary: "#0f5132" } });
    expect((await builderStart(app, user, { fromVersionId: result.value.versionId })).initial.prompt).toBe(PROMPT);

    // Regeneration: a child version of the same brief and copy.
    const again = await regenerateVersion(app, user, result.value.versionId);
    if (!again.ok) throw new Error(again.error);
    const page = await versionPage(app, user, again.value.versionId);
    expect(page?.version).toMatchObject({
      kind: "regenerate",
      parentId: result.value.versionId,
      subject: "Bloom edit: the subject I chose",
    });
    expect(page?.parent?.id).toBe(result.value.versionId);
    expect((await listEmailVersions(app.database.db, user.id)).map((v) => v.id)).toEqual([again.value.versionId, result.value.versionId]);

    // Another user's id reads as missing.
    expect(await versionPage(app, other, result.value.versionId)).toBeNull();
    expect((await regenerateVersion(app, other, result.value.versionId)).ok).toBe(false);
  });

  it("refuses an edited copy without a subject, keeping what was typed", () => {
    const r = parseCopyForm(
      form([
        ["copy.subject", ""],
        ["copy.preheader", "p"],
        ["copy.sections.0.role", "hero"],
        ["copy.sections.0.headline", "Kept"],
      ]),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors["copy.subject"]).toBeTruthy();
    expect(r.draft.sections[0].headline).toBe("Kept");
  });

  it("reads each section's and item's link: blank is none, a full address is kept, anything else is a field error", () => {
    const base: Array<[string, string]> = [
      ["copy.subject", "Lamps"],
      ["copy.preheader", ""],
      ["copy.sections.0.role", "hero"],
      ["copy.sections.0.headline", "New"],
      ["copy.sections.0.body", ""],
      ["copy.sections.0.cta", "Shop the guide"],
      ["copy.items.0.label", "Moss"],
      ["copy.items.0.headline", ""],
      ["copy.items.0.body", "Green"],
      ["copy.items.1.label", "Reed"],
      ["copy.items.1.headline", ""],
      ["copy.items.1.body", "Tall"],
      ["copy.items.1.href", ""],
    ];
    const good = parseCopyForm(
      form([...base, ["copy.sections.0.href", " https://fern.example/guide "], ["copy.items.0.href", "mailto:shop@fern.example"]]),
    );
    if (!good.ok) throw new Error(JSON.stringify(good.errors));
    expect(good.copyDoc.sections[0].href).toBe("https://fern.example/guide");
    expect(good.copyDoc.items.map((i) => i.href)).toEqual(["mailto:shop@fern.example", undefined]);

    const bad = parseCopyForm(form([...base, ["copy.sections.0.href", "javascript:alert(1)"], ["copy.items.0.href", "fern.example/moss"]]));
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(Object.keys(bad.errors).sort()).toEqual(["copy.items.0.href", "copy.sections.0.href"]);
    expect(bad.errors["copy.sections.0.href"]).toContain("https://");
    // What was typed comes back to the field.
    expect(bad.draft.sections[0].href).toBe("javascript:alert(1)");
  });
});

describe("failures and previews", () => {
  it("a short balance fails before any credit moves, and says nothing was charged", async () => {
    const brief = parseBriefForm(form([["prompt", PROMPT]]));
    if (!brief.ok) throw new Error("brief");
    const result = await generateFromBrief(app, other, brief.brief as Brief);
    expect(result).toMatchObject({ ok: false, status: 402, error: "Insufficient balance", charged: false });
    expect(await listEmailVersions(app.database.db, other.id)).toEqual([]);
  });

  it("keeps the credit only with the saved version: a version that cannot be stored gives the credit back", async () => {
    const payer = await createUser(app.database.db, { email: "unsaved@example.com", password: "password123", credits: 3 });
    if (!payer.ok) throw new Error("user");
    const brief = parseBriefForm(form([["prompt", PROMPT]]));
    if (!brief.ok) throw new Error("brief");
    // As a kill between the generation and the version's row would: the version never lands.
    await app.database.client.execute(
      `CREATE TEMP TRIGGER no_version BEFORE INSERT ON main.email_versions WHEN NEW.user_id = '${payer.user.id}' BEGIN SELECT RAISE(ABORT, 'the version cannot be stored'); END`,
    );
    try {
      await expect(generateFromBrief(app, payer.user, brief.brief as Brief)).rejects.toThrow("the version cannot be stored");
    } finally {
      await app.database.client.execute("DROP TRIGGER temp.no_version");
    }
    expect(await listEmailVersions(app.database.db, payer.user.id)).toEqual([]);
    expect(await balanceOf(app.database.db, payer.user.id)).toBe(3);
    const pending = await app.database.client.execute({
      sql: "SELECT count(*) AS n FROM pending_charges WHERE user_id = ?",
      args: [payer.user.id],
    });
    expect(Number(pending.rows[0].n)).toBe(0);

    // Stored: the version and the kept charge, with nothing left pending.
    const made = await generateFromBrief(app, payer.user, brief.brief as Brief);
    if (!made.ok) throw new Error(made.error);
    expect(await findEmailVersion(app.database.db, payer.user.id, made.value.versionId)).not.toBeNull();
    expect(await balanceOf(app.database.db, payer.user.id)).toBe(3 - app.env.CREDITS_PER_GENERATION);
    const after = await app.database.client.execute({
      sql: "SELECT count(*) AS n FROM pending_charges WHERE user_id = ?",
      args: [payer.user.id],
    });
    expect(Number(after.rows[0].n)).toBe(0);
  });

  it("previews the original, and Gmail's and Outlook.com's versions with their explanations", () => {
    const html =
      '<!DOCTYPE html><html><head><style>#t1:checked ~ .p1 { display:block } .fallback { display:none }</style></head><body class="body"><div class="fallback">F</div></body></html>';
    expect(previewOf(html, null)).toMatchObject({ view: "original", html, simulation: null });
    const gmail = previewOf(html, "gmail");
    expect(gmail.view).toBe("gmail");
    expect(gmail.html).not.toContain(":checked");
    expect(gmail.simulation?.explains).toMatch(/Gmail drops every CSS rule/);
    expect(gmail.simulation?.changes[0]).toMatch(/Removed 1 CSS rule/);
    expect(previewOf(html, "outlook-com").html).toContain('class="x_fallback"');
    expect(previewOf(html, "nonsense").view).toBe("original");
  });
});
