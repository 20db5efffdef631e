import { describe, expect, test } from "vitest";
import {
  applyEdit,
  briefFromDraft,
  draftFromBrief,
  draftFromForm,
  draftMarks,
  markedPieces,
  thinBriefAsks,
  TYPED,
  type UnderstoodDraft,
} from "./form";
import { readBrief } from "./read";

const PROMPT =
  "Holiday sale for Northwind Coffee: Ethiopia Yirgacheffe ($18) and Colombia Huila ($16). Free shipping over $50 until Dec 20, and 15% off with code JOY15. Shop at https://northwind.example/shop";

/** The form fields the page renders for a draft (u.brand, u.items.0.name, u.items.0.from …). */
function post(draft: UnderstoodDraft): URLSearchParams {
  const f = new URLSearchParams();
  f.set("u.brand", draft.brand.value);
  f.set("u.product", draft.product.value);
  f.set("u.emailType", draft.emailType);
  f.set("u.occasion", draft.occasion);
  f.set("u.language", draft.language);
  draft.items.forEach((it, i) => {
    if (it.from !== undefined) f.set(`u.items.${i}.from`, String(it.from));
    for (const k of ["name", "price", "detail", "link", "image"] as const) f.set(`u.items.${i}.${k}`, it[k].value);
  });
  draft.offers.forEach((o, i) => {
    if (o.from !== undefined) f.set(`u.offers.${i}.from`, String(o.from));
    for (const k of ["text", "code", "threshold", "deadline", "scope"] as const) f.set(`u.offers.${i}.${k}`, o[k].value);
  });
  draft.questions.forEach((q, i) => {
    if (q.from !== undefined) f.set(`u.questions.${i}.from`, String(q.from));
    f.set(`u.questions.${i}.text`, q.text.value);
    q.options.forEach((o, m) => {
      if (o.from !== undefined) f.set(`u.questions.${i}.options.${m}.from`, String(o.from));
      f.set(`u.questions.${i}.options.${m}`, o.value);
    });
  });
  draft.links.forEach((l, i) => {
    if (l.from !== undefined) f.set(`u.links.${i}.from`, String(l.from));
    f.set(`u.links.${i}`, l.value);
  });
  draft.message.forEach((m, i) => {
    if (m.from !== undefined) f.set(`u.message.${i}.from`, String(m.from));
    f.set(`u.message.${i}`, m.value);
  });
  return f;
}

/** The draft after a round trip through the form, with `edit` applied to the posted fields first. */
function roundTrip(prompt: string, edit: (f: URLSearchParams) => void = () => undefined) {
  const read = readBrief(prompt);
  const f = post(draftFromBrief(read));
  edit(f);
  return { read, draft: draftFromForm(f, read) };
}

describe("the understood form ⇄ Brief", () => {
  test("a brief shown and posted back unchanged is the same brief, every span kept", () => {
    const { read, draft } = roundTrip(PROMPT);
    const r = briefFromDraft(draft, read, PROMPT.length);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.brief.brand).toEqual(read.brand);
    expect(r.brief.items).toEqual(read.items);
    expect(r.brief.offers).toEqual(read.offers);
    expect(r.brief.links).toEqual(read.links);
    expect(r.brief.codes).toEqual(read.codes);
    expect(r.brief.dates).toEqual(read.dates);
  });

  test("an edited value gets the empty span at 0; the values left alone keep theirs", () => {
    const { read, draft } = roundTrip(PROMPT, (f) => {
      f.set("u.brand", "Northwind Roasters");
      f.set("u.offers.0.deadline", "until Dec 24");
    });
    const r = briefFromDraft(draft, read, PROMPT.length);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.brief.brand).toEqual({ value: "Northwind Roasters", span: TYPED });
    expect(r.brief.offers[0].deadline).toEqual({ value: "until Dec 24", span: TYPED });
    expect(r.brief.offers[0].text).toEqual(read.offers[0].text);
    expect(r.brief.offers[0].threshold).toEqual(read.offers[0].threshold);
    // The changed deadline is the date that governs the offer now.
    expect(r.brief.dates).toEqual([{ value: "until Dec 24", span: TYPED, governs: { kind: "offer", offer: 0 } }]);
  });

  test("a value typed again as it was read keeps its span (blanks around it do not count)", () => {
    const { read, draft } = roundTrip(PROMPT, (f) => f.set("u.brand", "  Northwind Coffee "));
    expect(draft.brand.span).toEqual(read.brand!.span);
  });

  test("add and remove rows: an added item is typed, a removed offer takes its code and deadline with it", () => {
    const { read, draft } = roundTrip(PROMPT);
    let d = applyEdit(draft, "add:items")!;
    expect(d.items).toHaveLength(3);
    d = applyEdit(d, "remove:offers.0")!;
    expect(d.offers.map((o) => o.text.value)).toEqual(["15% off"]);
    // Posted again: the new row is filled in, the remaining offer still knows where it came from.
    const f = post(d);
    f.set("u.items.2.name", "Kenya AA");
    f.set("u.items.2.price", "$21");
    const again = draftFromForm(f, read);
    expect(again.offers[0].from).toBe(1);
    const r = briefFromDraft(again, read, PROMPT.length);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.brief.items[2]).toEqual({
      name: { value: "Kenya AA", span: TYPED },
      price: { display: "$21", minor: 2100, currency: "USD", span: TYPED },
    });
    expect(r.brief.offers).toEqual([read.offers[1]]);
    expect(r.brief.codes).toEqual([read.offers[1].code]);
    expect(r.brief.dates).toEqual([]);
  });

  test("a typed offer is read like a prompt's offer head", () => {
    const { read, draft } = roundTrip(PROMPT);
    const d = applyEdit(draft, "add:offers")!;
    const f = post(d);
    f.set("u.offers.2.text", "10% off");
    f.set("u.offers.2.threshold", "over $30");
    const r = briefFromDraft(draftFromForm(f, read), read, PROMPT.length);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.brief.offers[2]).toMatchObject({
      kind: "percent",
      percent: 10,
      text: { span: TYPED },
      threshold: { price: { minor: 3000, span: TYPED } },
    });
  });

  test("add and remove options; unknown edits are refused", () => {
    const prompt = "Quick poll for Acme: which feature do you use most: Reports, Dashboards or Alerts";
    const { draft } = roundTrip(prompt);
    expect(draft.questions[0].options.map((o) => o.value)).toEqual(["Reports", "Dashboards", "Alerts"]);
    const added = applyEdit(draft, "add:questions.0.options")!;
    expect(added.questions[0].options).toHaveLength(4);
    const removed = applyEdit(added, "remove:questions.0.options.1")!;
    expect(removed.questions[0].options.map((o) => o.value)).toEqual(["Reports", "Alerts", ""]);
    expect(applyEdit(draft, "remove:questions.5")).toBeNull();
    expect(applyEdit(draft, "drop:items")).toBeNull();
    expect(applyEdit(draft, "add:questions.0.options.1")).toBeNull();
  });

  test("errors are keyed by the field's name", () => {
    const { read, draft } = roundTrip(PROMPT, (f) => {
      f.set("u.items.0.name", "");
      f.set("u.items.1.price", "sixteen");
      f.set("u.links.0", "javascript:alert(1)");
      f.set("u.offers.0.threshold", "over fifty");
      f.set("u.emailType", "nonsense");
    });
    const r = briefFromDraft(draft, read, PROMPT.length);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toMatchObject({
      "u.items.0.name": "Name the item, or remove it",
      "u.items.1.price": expect.stringContaining("currency"),
      "u.links.0": "A link starts with https://",
      "u.offers.0.threshold": expect.stringContaining("minimum spend"),
      "u.emailType": "Pick an email type",
    });
  });

  test("a 0–10 scale is eleven options, kept as a scale while they are unchanged", () => {
    const prompt = "NPS survey for Acme: how likely are you to recommend us (0–10)?";
    const { read, draft } = roundTrip(prompt);
    expect(draft.questions[0].options.map((o) => o.value)).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    const r = briefFromDraft(draft, read, prompt.length);
    expect(r.ok && r.brief.questions[0].scale).toEqual(read.questions[0].scale);
    const cut = briefFromDraft(applyEdit(draft, "remove:questions.0.options.10")!, read, prompt.length);
    expect(cut.ok && cut.brief.questions[0].scale).toBeUndefined();
  });
});

describe("the language select", () => {
  test("shown as detected; left alone, the brief keeps the detected language", () => {
    const { read, draft } = roundTrip(PROMPT);
    expect(read.language.frame).toBe("en");
    expect(draft.language).toBe("en");
    const r = briefFromDraft(draft, read, PROMPT.length);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.brief.language).toEqual(read.language);
  });

  test("Français picked on an English prompt gives a brief in French", () => {
    const { read, draft } = roundTrip(PROMPT, (f) => f.set("u.language", "fr"));
    const r = briefFromDraft(draft, read, PROMPT.length);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.brief.language).toEqual({ code: "fr", frame: "fr", supported: true });
    expect(r.brief.items).toEqual(read.items);
  });

  test("a language that is not a frame language is an error on the select", () => {
    const { read, draft } = roundTrip(PROMPT, (f) => f.set("u.language", "nl"));
    const r = briefFromDraft(draft, read, PROMPT.length);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors)).toEqual(["u.language"]);
  });
});

describe("a brief too thin to write from asks", () => {
  test("a newsletter with nothing to say asks what it should say", () => {
    const prompt = "Monthly newsletter for Lumen Yoga";
    const { read, draft } = roundTrip(prompt);
    expect(thinBriefAsks(read)).toEqual({ "u.message": "What should this email say? Add a sentence to the reader, or an item" });
    expect(briefFromDraft(draft, read, prompt.length)).toEqual({ ok: false, errors: thinBriefAsks(read) });
    // An item answers it, and so does a message.
    const f = post(applyEdit(draft, "add:items")!);
    f.set("u.items.0.name", "New evening classes");
    expect(briefFromDraft(draftFromForm(f, read), read, prompt.length).ok).toBe(true);
    const g = post(draft);
    g.set("u.product", "Our studio reopens on Monday");
    expect(briefFromDraft(draftFromForm(g, read), read, prompt.length).ok).toBe(true);
    const h = post(applyEdit(draft, "add:message")!);
    h.set("u.message.0", "Our studio reopens on Monday.");
    const said = briefFromDraft(draftFromForm(h, read), read, prompt.length);
    expect(said.ok && said.brief.message).toEqual([{ value: "Our studio reopens on Monday.", span: TYPED }]);
  });

  test("a survey with no question asks for one; a question without options asks for them", () => {
    const prompt = "Customer survey for Acme Bank";
    const { read, draft } = roundTrip(prompt);
    expect(read.questions).toEqual([]);
    expect(Object.keys(thinBriefAsks(read))).toEqual(["u.questions"]);
    const f = post(applyEdit(draft, "add:questions")!);
    f.set("u.questions.0.text", "How was your visit?");
    const r = briefFromDraft(draftFromForm(f, read), read, prompt.length);
    expect(r).toEqual({ ok: false, errors: { "u.questions.0.options": "Add the answers to choose from, one per row" } });
    f.set("u.questions.0.options.0", "Good");
    f.set("u.questions.0.options.1", "Not good");
    const ok = briefFromDraft(draftFromForm(f, read), read, prompt.length);
    expect(ok.ok && ok.brief.questions[0]).toEqual({
      text: { value: "How was your visit?", span: TYPED },
      options: [
        { value: "Good", span: TYPED },
        { value: "Not good", span: TYPED },
      ],
    });
  });

  test("a brief whose spans run past the prompt is refused", () => {
    const { read, draft } = roundTrip(PROMPT);
    expect(briefFromDraft(draft, read, 20)).toMatchObject({ ok: false, errors: { form: expect.any(String) } });
  });
});

describe("the marked prompt", () => {
  test("every span kept is a numbered mark; values read at the same place share one; typed values have none", () => {
    const { read, draft } = roundTrip(PROMPT, (f) => f.set("u.brand", "Northwind Roasters"));
    const marks = draftMarks(draft, read);
    expect(marks.map((m) => m.n)).toEqual(marks.map((_, i) => i + 1));
    expect(marks.some((m) => m.fields.includes("u.brand"))).toBe(false);
    const shop = marks.find((m) => m.fields.includes("u.links.0"))!;
    expect(shop.fields).toEqual(["u.items.1.link", "u.links.0"]);
    const pieces = markedPieces(PROMPT, marks);
    expect(pieces.map((p) => p.text).join("")).toBe(PROMPT);
    const price = marks.find((m) => m.fields.includes("u.items.0.price"))!;
    expect(pieces.find((p) => p.starting.includes(price.n))!.text).toBe("$18");
  });

  test("overlapping spans cut the prompt into pieces covered by both", () => {
    const prompt = "NPS survey for Acme: how likely are you to recommend us (0–10)?";
    const { read, draft } = roundTrip(prompt);
    const marks = draftMarks(draft, read);
    const pieces = markedPieces(prompt, marks);
    expect(pieces.map((p) => p.text).join("")).toBe(prompt);
    expect(pieces.find((p) => p.text === "(0–10)")!.covering).toHaveLength(2);
  });
});

describe("the message rows", () => {
  const prompt =
    "Fundraising appeal for Clearwater Trust: help us bring clean water to 40 villages in northern Kenya. $25 funds a water filter for one family; $100 helps repair a community well. Donate at https://clearwatertrust.example/give";

  test("posted back unchanged keep their spans; an edited one is typed; a removed one is gone", () => {
    const { read, draft } = roundTrip(prompt);
    expect(read.message).toHaveLength(2);
    const same = briefFromDraft(draft, read, prompt.length);
    expect(same.ok && same.brief.message).toEqual(read.message);

    const edited = briefFromDraft(draftFromForm(post(draft), read), read, prompt.length);
    expect(edited.ok && edited.brief.message).toEqual(read.message);
    const f = post(draft);
    f.set("u.message.1", "$25 buys a filter.");
    const r = briefFromDraft(draftFromForm(f, read), read, prompt.length);
    expect(r.ok && r.brief.message).toEqual([read.message[0], { value: "$25 buys a filter.", span: TYPED }]);

    const removed = briefFromDraft(applyEdit(draft, "remove:message.0")!, read, prompt.length);
    expect(removed.ok && removed.brief.message).toEqual([read.message[1]]);
    expect(applyEdit(draft, "remove:message.7")).toBeNull();
  });

  test("each kept sentence is a numbered mark on the prompt", () => {
    const { read, draft } = roundTrip(prompt);
    const marks = draftMarks(draft, read);
    const first = marks.find((m) => m.fields.includes("u.message.0"))!;
    expect(prompt.slice(first.span.start, first.span.end)).toBe(read.message[0].value);
    expect(first.labels).toContain("Message 1");
  });
});
