import { describe, expect, test } from "vitest";
import {
  applyEdit,
  briefFromDraft,
  draftFromBrief,
  draftFromForm,
  draftMarks,
  fieldTitle,
  isAsk,
  markedPieces,
  thinBriefAsks,
  TYPED,
  unusedLeft,
  type UnderstoodDraft,
} from "./form";
import { readBrief } from "./read";
import { BRIEF_LIMITS, BriefSchema, type Brief, type BriefText } from "./schema";

const PROMPT =
  "Holiday sale for Northwind Coffee: Ethiopia Yirgacheffe ($18) and Colombia Huila ($16). Free shipping over $50 until Dec 20, and 15% off with code JOY15. Shop at https://northwind.example/shop";

/** The form fields the page renders for a draft (u.brand, u.items.0.name, u.items.0.from …). */
function post(draft: UnderstoodDraft): URLSearchParams {
  const f = new URLSearchParams();
  const rows = (prefix: string, list: Array<{ value: string; from?: number; unused?: number }>) =>
    list.forEach((r, i) => {
      if (r.from !== undefined) f.set(`${prefix}.${i}.from`, String(r.from));
      if (r.unused !== undefined) f.set(`${prefix}.${i}.unused`, String(r.unused));
      f.set(`${prefix}.${i}`, r.value);
    });
  f.set("u.brand", draft.brand.value);
  f.set("u.product", draft.product.value);
  f.set("u.emailType", draft.emailType);
  f.set("u.occasion", draft.occasion);
  f.set("u.language", draft.language);
  f.set("u.length", draft.length);
  f.set("u.subject", draft.subject.value);
  f.set("u.preheader", draft.preheader.value);
  draft.items.forEach((it, i) => {
    if (it.from !== undefined) f.set(`u.items.${i}.from`, String(it.from));
    for (const k of ["name", "price", "was", "detail", "link", "image"] as const) f.set(`u.items.${i}.${k}`, it[k].value);
  });
  draft.offers.forEach((o, i) => {
    if (o.from !== undefined) f.set(`u.offers.${i}.from`, String(o.from));
    for (const k of ["text", "code", "threshold", "deadline", "scope"] as const) f.set(`u.offers.${i}.${k}`, o[k].value);
  });
  draft.questions.forEach((q, i) => {
    if (q.from !== undefined) f.set(`u.questions.${i}.from`, String(q.from));
    f.set(`u.questions.${i}.text`, q.text.value);
    f.set(`u.questions.${i}.correct`, q.correct);
    rows(`u.questions.${i}.options`, q.options);
  });
  rows("u.links", draft.links);
  rows("u.message", draft.message);
  draft.ctas.forEach((c, i) => {
    if (c.from !== undefined) f.set(`u.ctas.${i}.from`, String(c.from));
    f.set(`u.ctas.${i}.label`, c.label.value);
    f.set(`u.ctas.${i}.url`, c.url.value);
  });
  rows("u.ruledOut", draft.ruledOut);
  rows("u.says", draft.says);
  draft.faq.forEach((q, i) => {
    if (q.from !== undefined) f.set(`u.faq.${i}.from`, String(q.from));
    f.set(`u.faq.${i}.question`, q.question.value);
    f.set(`u.faq.${i}.answer`, q.answer.value);
  });
  if (draft.event.shown) {
    f.set("u.event.when", draft.event.when.value);
    f.set("u.event.where", draft.event.where.value);
    rows("u.event.who", draft.event.who);
    rows("u.event.agenda", draft.event.agenda);
  }
  rows("u.images", draft.images);
  draft.techniques.forEach((t, i) => {
    f.set(`u.techniques.${i}.from`, String(t.from));
    rows(`u.techniques.${i}.panes`, t.panes);
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

// A brief holding every part the Check step edits, built from its prompt's words (the reader that
// fills these is being written): each value's span is where its words are in the prompt.
const RICH =
  "Spring launch for Tidewater Kayaks: the Coastline 12 ($899, was $1,099) and the Harbor 10 ($649). Carousel of the two boats. " +
  "Open day Saturday June 14, 10am at Pier 7 with guide Ana Ruiz: demo paddles, then lunch. Q: Do I need experience? A: No, guides help beginners. " +
  "Button: Book a demo https://tidewater.example/demo. Photo https://tidewater.example/img/coastline.jpg. Keep it short. " +
  "Don't mention financing. Say the demo is free. Subject: Your next kayak is here. Preheader: Demo days this June. " +
  "Quiz: which boat suits a beginner? Coastline or Harbor. P.S. our shop dog says hi.";

/** The words of RICH as a brief value, found after `after` when given. */
function at(words: string, after = ""): BriefText {
  const start = RICH.indexOf(words, after ? RICH.indexOf(after) : 0);
  if (start < 0) throw new Error(`not in the prompt: ${words}`);
  return { value: words, span: { start, end: start + words.length } };
}
const usd = (display: string, minor: number) => ({ display, minor, currency: "USD", span: at(display).span });

const RICH_BRIEF: Brief = BriefSchema.parse({
  ...readBrief(RICH),
  occasion: { kind: "launch", span: at("launch").span },
  items: [
    { name: at("Coastline 12"), price: usd("$899", 89900), was: usd("$1,099", 109900) },
    { name: at("Harbor 10"), price: usd("$649", 64900) },
  ],
  otherItems: [],
  offers: [],
  codes: [],
  links: [],
  message: [],
  conditions: [],
  quoted: [],
  dates: [{ ...at("Saturday June 14, 10am"), governs: { kind: "event" } }],
  questions: [{ text: at("which boat suits a beginner?"), options: [at("Coastline", "Quiz:"), at("Harbor", "Quiz:")], correct: 1 }],
  faq: [{ question: at("Do I need experience?"), answer: at("No, guides help beginners.") }],
  event: {
    when: at("Saturday June 14, 10am"),
    where: at("Pier 7"),
    who: [at("Ana Ruiz")],
    agenda: [at("demo paddles"), at("lunch")],
  },
  images: [at("https://tidewater.example/img/coastline.jpg")],
  ctas: [{ label: at("Book a demo"), url: at("https://tidewater.example/demo") }],
  techniques: [{ technique: "carousel", span: at("Carousel").span, panes: [] }],
  length: { value: "short", span: at("short").span },
  subject: at("Your next kayak is here."),
  preheader: at("Demo days this June."),
  ruledOut: [at("financing")],
  says: [at("the demo is free")],
  instructions: [
    { kind: "length", text: at("Keep it short.") },
    { kind: "avoid", text: at("Don't mention financing.") },
    { kind: "say", text: at("Say the demo is free.") },
  ],
  unused: [{ text: at("P.S. our shop dog says hi."), reason: "An aside: it says nothing the email is about" }],
});

/** RICH_BRIEF shown, `edit` applied to the posted fields, parsed back. */
function richRoundTrip(edit: (f: URLSearchParams) => void = () => undefined, draft = draftFromBrief(RICH_BRIEF)) {
  const f = post(draft);
  edit(f);
  return briefFromDraft(draftFromForm(f, RICH_BRIEF), RICH_BRIEF, RICH.length);
}
function richBrief(edit?: (f: URLSearchParams) => void, draft?: UnderstoodDraft): Brief {
  const r = richRoundTrip(edit, draft);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.brief;
}

describe("the new parts of the brief round-trip", () => {
  test("the fixture's spans hold its values' words", () => {
    const marks = draftMarks(draftFromBrief(RICH_BRIEF), RICH_BRIEF);
    for (const m of marks) expect(m.span.end).toBeLessThanOrEqual(RICH.length);
    expect(RICH.slice(RICH_BRIEF.ctas[0].label.span.start, RICH_BRIEF.ctas[0].label.span.end)).toBe("Book a demo");
  });

  test.each([
    ["ctas", (b: Brief) => b.ctas],
    ["ruledOut", (b: Brief) => b.ruledOut],
    ["says", (b: Brief) => b.says],
    ["faq", (b: Brief) => b.faq],
    ["event", (b: Brief) => b.event],
    ["images", (b: Brief) => b.images],
    ["techniques", (b: Brief) => b.techniques],
    ["length", (b: Brief) => b.length],
    ["subject", (b: Brief) => b.subject],
    ["preheader", (b: Brief) => b.preheader],
    ["items (with the former price)", (b: Brief) => b.items],
    ["questions (with the right answer)", (b: Brief) => b.questions],
    ["instructions", (b: Brief) => b.instructions],
    ["unused", (b: Brief) => b.unused],
    ["dates", (b: Brief) => b.dates],
  ])("%s: shown and posted back unchanged, every span kept", (_, part) => {
    expect(part(richBrief())).toEqual(part(RICH_BRIEF));
  });

  test.each([
    ["u.ctas.0.label", "Book a free demo", (b: Brief) => b.ctas[0].label, { value: "Book a free demo", span: TYPED }],
    [
      "u.ctas.0.url",
      "https://tidewater.example/book",
      (b: Brief) => b.ctas[0].url,
      { value: "https://tidewater.example/book", span: TYPED },
    ],
    [
      "u.ctas.0.url",
      "www.tidewater.example/book",
      (b: Brief) => b.ctas[0].url,
      { value: "https://www.tidewater.example/book", span: TYPED },
    ],
    ["u.ruledOut.0", "loans", (b: Brief) => b.ruledOut, [{ value: "loans", span: TYPED }]],
    ["u.says.0", "the demo costs nothing", (b: Brief) => b.says, [{ value: "the demo costs nothing", span: TYPED }]],
    [
      "u.faq.0.answer",
      "No: a guide paddles beside you.",
      (b: Brief) => b.faq[0].answer,
      { value: "No: a guide paddles beside you.", span: TYPED },
    ],
    ["u.event.when", "Sunday June 15, 9am", (b: Brief) => b.event?.when, { value: "Sunday June 15, 9am", span: TYPED }],
    ["u.event.where", "Pier 9", (b: Brief) => b.event?.where, { value: "Pier 9", span: TYPED }],
    ["u.event.who.0", "Ana Ruiz and Tom Lee", (b: Brief) => b.event?.who, [{ value: "Ana Ruiz and Tom Lee", span: TYPED }]],
    ["u.event.agenda.1", "a picnic", (b: Brief) => b.event?.agenda[1], { value: "a picnic", span: TYPED }],
    [
      "u.images.0",
      "https://tidewater.example/img/harbor.jpg",
      (b: Brief) => b.images,
      [{ value: "https://tidewater.example/img/harbor.jpg", span: TYPED }],
    ],
    ["u.items.0.was", "$1,199", (b: Brief) => b.items[0].was, { display: "$1,199", minor: 119900, currency: "USD", span: TYPED }],
    ["u.items.1.was", "was 700 €", (b: Brief) => b.items[1].was, { display: "700 €", minor: 70000, currency: "EUR", span: TYPED }],
    ["u.subject", "Meet the Coastline 12", (b: Brief) => b.subject, { value: "Meet the Coastline 12", span: TYPED }],
    ["u.preheader", "Two boats, one open day", (b: Brief) => b.preheader, { value: "Two boats, one open day", span: TYPED }],
    ["u.length", "long", (b: Brief) => b.length, { value: "long", span: TYPED }],
    ["u.length", "", (b: Brief) => b.length, undefined],
    ["u.questions.0.correct", "0", (b: Brief) => b.questions[0].correct, 0],
    ["u.questions.0.correct", "", (b: Brief) => b.questions[0].correct, undefined],
  ])("%s changed to %j: the typed value, with the empty span", (name, value, part, expected) => {
    const b = richBrief((f) => f.set(name, value));
    expect(part(b)).toEqual(expected);
    // The rest of the brief keeps what it read.
    expect(b.items[0].name).toEqual(RICH_BRIEF.items[0].name);
    if (name !== "u.ctas.0.label") expect(b.ctas[0].label).toEqual(RICH_BRIEF.ctas[0].label);
  });

  test.each([
    ["u.ctas.0.url", "http://tidewater.example/demo", "A button's link starts with https://"],
    ["u.ctas.0.url", "javascript:alert(1)", "A button's link starts with https://"],
    ["u.ctas.0.url", "book a demo", "A button's link starts with https://"],
    ["u.ctas.0.url", "https://", "A button's link starts with https://"],
    ["u.ctas.0.label", "", "Name the button, or remove it"],
    ["u.items.0.was", "eleven hundred", "Write the former price with its currency, e.g. $159"],
    ["u.items.0.price", "cheap", "Write the price with its currency, e.g. $4.50 or 14,50 €"],
    ["u.images.0", "ftp://tidewater.example/a.jpg", "A link starts with https://"],
    ["u.faq.0.answer", "", "Write the answer, or remove it"],
    ["u.faq.0.question", "", "Write the question, or remove it"],
    ["u.length", "medium", "Pick short, long, or no length"],
    ["u.questions.0.correct", "5", "Pick the right answer among the options"],
    ["u.questions.0.options.1", "", "The right answer is blank: write it, or pick another"],
  ])("%s = %j is refused on its field: %s", (name, value, error) => {
    const r = richRoundTrip((f) => f.set(name, value));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const field = name === "u.questions.0.options.1" ? "u.questions.0.correct" : name;
    expect(r.errors).toEqual({ [field]: error });
  });

  test("a button's URL as the prompt wrote it is kept, not checked again", () => {
    const http = { ...RICH_BRIEF, ctas: [{ label: at("Book a demo"), url: { ...at("https://tidewater.example/demo") } }] };
    expect(richRoundTrip(undefined, draftFromBrief(http)).ok).toBe(true);
  });

  test("the right answer follows its option when one before it is removed, and goes with it", () => {
    const d = draftFromBrief(RICH_BRIEF);
    const added = applyEdit(d, "add:questions.0.options")!;
    const three = post(added);
    three.set("u.questions.0.options.2", "Neither");
    const withThird = draftFromForm(three, RICH_BRIEF);
    withThird.questions[0].correct = "2";
    expect(applyEdit(withThird, "remove:questions.0.options.0")!.questions[0].correct).toBe("1");
    expect(applyEdit(withThird, "remove:questions.0.options.2")!.questions[0].correct).toBe("");
    const b = richBrief(undefined, applyEdit(withThird, "remove:questions.0.options.0")!);
    expect(b.questions[0].options.map((o) => o.value)).toEqual(["Harbor", "Neither"]);
    expect(b.questions[0].correct).toBe(1);
  });

  test("a blank option before the right answer does not shift it", () => {
    const d = applyEdit(draftFromBrief(RICH_BRIEF), "add:questions.0.options")!;
    const f = post(d);
    f.set("u.questions.0.options.0", "");
    f.set("u.questions.0.options.2", "Neither");
    f.set("u.questions.0.correct", "2");
    const r = briefFromDraft(draftFromForm(f, RICH_BRIEF), RICH_BRIEF, RICH.length);
    expect(r.ok && r.brief.questions[0]).toMatchObject({ options: [{ value: "Harbor" }, { value: "Neither" }], correct: 1 });
  });

  test("add and remove rows of the new lists", () => {
    let d = draftFromBrief(RICH_BRIEF);
    for (const list of ["ctas", "ruledOut", "says", "faq", "images"] as const) {
      const more = applyEdit(d, `add:${list}`)!;
      expect(more[list]).toHaveLength(d[list].length + 1);
      expect(applyEdit(more, `remove:${list}.0`)![list]).toHaveLength(d[list].length);
    }
    d = applyEdit(d, "add:event.who")!;
    d = applyEdit(d, "remove:event.agenda.0")!;
    d = applyEdit(d, "add:techniques.0.panes")!;
    const f = post(d);
    f.set("u.event.who.1", "Tom Lee");
    f.set("u.techniques.0.panes.0", "Coastline 12 on the water");
    const b = richBrief(undefined, draftFromForm(f, RICH_BRIEF));
    expect(b.event).toEqual({ ...RICH_BRIEF.event, who: [at("Ana Ruiz"), { value: "Tom Lee", span: TYPED }], agenda: [at("lunch")] });
    expect(b.techniques).toEqual([{ ...RICH_BRIEF.techniques[0], panes: [{ value: "Coastline 12 on the water", span: TYPED }] }]);
    expect(applyEdit(d, "remove:techniques.0.panes.4")).toBeNull();
    expect(applyEdit(d, "add:techniques.3.panes")).toBeNull();
    expect(applyEdit(d, "remove:event.0")).toBeNull();
    expect(applyEdit(d, "add:constructor")).toBeNull();
    expect(applyEdit(d, "add:unused")).toBeNull();
  });

  test("the event's dates follow its “when”: kept, typed, removed", () => {
    expect(richBrief().dates).toEqual(RICH_BRIEF.dates);
    expect(richBrief((f) => f.set("u.event.when", "Sunday June 15")).dates).toEqual([
      { value: "Sunday June 15", span: TYPED, governs: { kind: "event" } },
    ]);
    const removed = richBrief(undefined, applyEdit(draftFromBrief(RICH_BRIEF), "remove:event")!);
    expect(removed.event).toBeUndefined();
    expect(removed.dates).toEqual([]);
    // A brief without an event gains one from the form.
    const { event: _event, ...noEvent } = RICH_BRIEF;
    const d = applyEdit(draftFromBrief({ ...noEvent, dates: [] }), "add:event")!;
    expect(d.event.shown).toBe(true);
    const f = post(d);
    f.set("u.event.where", "Pier 7");
    const r = briefFromDraft(draftFromForm(f, { ...noEvent, dates: [] }), { ...noEvent, dates: [] }, RICH.length);
    expect(r.ok && r.brief.event).toEqual({ where: { value: "Pier 7", span: TYPED }, who: [], agenda: [] });
  });

  test("posted rows are bounded by the brief's limits", () => {
    const f = post(draftFromBrief(RICH_BRIEF));
    for (let i = 0; i < 500; i++) {
      f.set(`u.ctas.${i}.label`, "Go");
      f.set(`u.ruledOut.${i}`, "x");
      f.set(`u.event.agenda.${i}`, "x");
      f.set(`u.techniques.0.panes.${i}`, "x");
      f.set(`u.techniques.${i}.from`, "0");
    }
    const d = draftFromForm(f, RICH_BRIEF);
    expect(d.ctas).toHaveLength(BRIEF_LIMITS.ctas);
    expect(d.ruledOut).toHaveLength(BRIEF_LIMITS.ruledOut);
    expect(d.event.agenda).toHaveLength(BRIEF_LIMITS.agenda);
    expect(d.techniques).toHaveLength(RICH_BRIEF.techniques.length);
    expect(d.techniques[0].panes).toHaveLength(BRIEF_LIMITS.items);
  });
});

describe("the parts not used", () => {
  test("“Use as a sentence to the reader” moves one into the message with its span; removed, it is not used again", () => {
    const d = draftFromBrief(RICH_BRIEF);
    expect(unusedLeft(d, RICH_BRIEF).map((u) => u.k)).toEqual([0]);
    const used = applyEdit(d, "use:unused.0", RICH_BRIEF)!;
    expect(used.message).toEqual([{ unused: 0, value: "P.S. our shop dog says hi.", span: RICH_BRIEF.unused[0].text.span }]);
    expect(unusedLeft(used, RICH_BRIEF)).toEqual([]);
    expect(applyEdit(used, "use:unused.0", RICH_BRIEF)).toBeNull();
    expect(applyEdit(d, "use:unused.3", RICH_BRIEF)).toBeNull();
    expect(applyEdit(d, "use:unused.0")).toBeNull();

    const b = richBrief(undefined, used);
    expect(b.message).toEqual([RICH_BRIEF.unused[0].text]);
    expect(b.unused).toEqual([]);
    // Back from the copy step, the confirmed brief shows it as a sentence read from the prompt.
    expect(draftFromBrief(b).message).toEqual([{ from: 0, ...RICH_BRIEF.unused[0].text }]);

    const back = richBrief(undefined, applyEdit(used, "remove:message.0")!);
    expect(back.message).toEqual([]);
    expect(back.unused).toEqual(RICH_BRIEF.unused);
  });

  test("a moved part reworded is the user's sentence, and no longer listed as not used", () => {
    const used = applyEdit(draftFromBrief(RICH_BRIEF), "use:unused.0", RICH_BRIEF)!;
    const b = richBrief((f) => f.set("u.message.0", "Our shop dog says hi."), used);
    expect(b.message).toEqual([{ value: "Our shop dog says hi.", span: TYPED }]);
    expect(b.unused).toEqual([]);
  });

  test("a full message takes no more", () => {
    let d = draftFromBrief(RICH_BRIEF);
    for (let i = 0; i < BRIEF_LIMITS.message; i++) d = applyEdit(d, "add:message")!;
    expect(applyEdit(d, "use:unused.0", RICH_BRIEF)!.message).toHaveLength(BRIEF_LIMITS.message);
  });
});

describe("the marks name what each part became", () => {
  const labelOf = (words: string, after = "") => {
    const marks = draftMarks(draftFromBrief(RICH_BRIEF), RICH_BRIEF);
    const { span } = at(words, after);
    return marks.find((m) => m.span.start === span.start && m.span.end === span.end);
  };

  test.each([
    ["Tidewater Kayaks", "", "Brand", "field"],
    ["$899", "", "Item 1 · price", "field"],
    ["$1,099", "", "Item 1 · former price", "field"],
    ["Harbor 10", "", "Item 2", "field"],
    ["Book a demo", "", "Button 1", "field"],
    ["https://tidewater.example/demo", "", "Button 1 · link", "field"],
    ["Do I need experience?", "", "FAQ 1 · question", "field"],
    ["Pier 7", "", "Event · where", "field"],
    ["Ana Ruiz", "", "Event · person 1", "field"],
    ["lunch", "", "Event · agenda 2", "field"],
    ["https://tidewater.example/img/coastline.jpg", "", "Image 1", "field"],
    ["Carousel", "", "Module · Carousel", "field"],
    ["short", "", "Length", "field"],
    ["Your next kayak is here.", "", "Subject", "field"],
    ["financing", "", "Don't mention 1", "field"],
    ["the demo is free", "", "Say 1", "field"],
    ["Harbor", "Quiz:", "Question 1 · option 2", "field"],
    ["Keep it short.", "", "Instruction · length", "instruction"],
    ["Don't mention financing.", "", "Instruction · avoid", "instruction"],
    ["P.S. our shop dog says hi.", "", "Not used", "unused"],
  ])("“%s” is marked “%s”", (words, after, label, kind) => {
    const m = labelOf(words, after);
    expect(m?.labels).toContain(label);
    expect(m?.kind).toBe(kind);
  });

  test("values read at one place share a mark that names them all", () => {
    const m = labelOf("Saturday June 14, 10am")!;
    expect(m.labels).toEqual(["Event · when", "Event date"]);
    expect(m.fields).toEqual(["u.event.when"]);
  });

  test("a piece under a field and an instruction shows as the field; the unused part as not used", () => {
    const marks = draftMarks(draftFromBrief(RICH_BRIEF), RICH_BRIEF);
    const pieces = markedPieces(RICH, marks);
    expect(pieces.map((p) => p.text).join("")).toBe(RICH);
    expect(pieces.find((p) => p.text === "short")!.kind).toBe("field");
    expect(pieces.find((p) => p.text === "Keep it ")!.kind).toBe("instruction");
    expect(pieces.find((p) => p.text === "P.S. our shop dog says hi.")!.kind).toBe("unused");
  });

  test("a part used as a sentence is marked as the message row", () => {
    const used = applyEdit(draftFromBrief(RICH_BRIEF), "use:unused.0", RICH_BRIEF)!;
    const m = draftMarks(used, RICH_BRIEF).find((x) => x.fields.includes("u.message.0"))!;
    expect(m.labels).toEqual(["Message 1"]);
    expect(m.kind).toBe("field");
  });

  test.each([
    ["u.brand", "Brand"],
    ["u.items.1.price", "Item 2 · price"],
    ["u.offers.0.code", "Offer 1 · code"],
    ["u.offers.0.text", "Offer 1"],
    ["u.questions.0.options.2", "Question 1 · option 3"],
    ["u.questions.0.correct", "Question 1 · right answer"],
    ["u.ctas.0.url", "Button 1 · link"],
    ["u.faq.1.answer", "FAQ 2 · answer"],
    ["u.event.when", "Event · when"],
    ["u.event.who.0", "Event · person 1"],
    ["u.techniques.0", "Module · Carousel"],
    ["u.techniques.0.panes.1", "Carousel · slide 2"],
    ["u.instructions.0", "Instruction · length"],
    ["u.unused.0", "Not used"],
    ["u.message.0", "Message 1"],
    ["u.ruledOut.0", "Don't mention 1"],
  ])("%s is called “%s”", (name, title) => {
    expect(fieldTitle(name, RICH_BRIEF)).toBe(title);
  });
});

describe("a module with too little to show asks", () => {
  const withModule = (technique: Brief["techniques"][number]["technique"], more: Partial<Brief> = {}): Brief => ({
    ...RICH_BRIEF,
    items: [],
    images: [],
    faq: [],
    links: [],
    ctas: [],
    questions: [],
    ...more,
    techniques: [{ technique, span: at("Carousel").span, panes: more.techniques?.[0]?.panes ?? [] }],
  });
  const two = [RICH_BRIEF.items[0], RICH_BRIEF.items[1]];
  const panes = (n: number) => ({
    techniques: [
      { technique: "carousel" as const, span: TYPED, panes: Array.from({ length: n }, () => ({ value: "A slide", span: TYPED })) },
    ],
  });

  test.each([
    ["carousel", {}, "The carousel needs at least two slides: add items or slides"],
    ["carousel", { items: [RICH_BRIEF.items[0]] }, "The carousel needs at least two slides: add items or slides"],
    ["carousel", { items: two }, undefined],
    ["carousel", panes(2), undefined],
    ["carousel", panes(1), "The carousel needs at least two slides: add items or slides"],
    ["carousel", { images: [at("https://tidewater.example/img/coastline.jpg"), at("https://tidewater.example/demo")] }, undefined],
    ["tabs", { items: [RICH_BRIEF.items[0]] }, "The tabs need at least two tabs: add items or tabs"],
    ["tabs", { items: two }, undefined],
    ["accordion", { faq: RICH_BRIEF.faq }, "The accordion needs at least two sections: add FAQ entries, items or sections"],
    ["accordion", { faq: [...RICH_BRIEF.faq, ...RICH_BRIEF.faq] }, undefined],
    ["menu", { ctas: RICH_BRIEF.ctas }, "The menu needs at least two entries: add links or entries"],
    ["itemCart", panes(3), "The cart needs at least two items to choose from: add items"],
    ["itemCart", { items: two }, undefined],
    ["quiz", {}, "The quiz needs a question with at least two answers: add a question and its answers"],
    ["quiz", { questions: RICH_BRIEF.questions }, undefined],
    [
      "survey",
      { questions: [{ ...RICH_BRIEF.questions[0], options: [at("Coastline", "Quiz:")], correct: undefined }] },
      "The survey needs a question with at least two answers: add a question and its answers",
    ],
  ] as const)("%s with %j", (technique, more, ask) => {
    const asks = thinBriefAsks(withModule(technique, more as Partial<Brief>));
    expect(asks["u.techniques.0"]).toBe(ask);
  });

  test("the ask refuses the copy until the module has its panes, and is shown beside the module", () => {
    const thin = withModule("carousel");
    const r = briefFromDraft(draftFromBrief(thin), thin, RICH.length);
    expect(r).toEqual({ ok: false, errors: { "u.techniques.0": "The carousel needs at least two slides: add items or slides" } });
    expect(isAsk("u.techniques.0")).toBe(true);
    const f = post(applyEdit(applyEdit(draftFromBrief(thin), "add:techniques.0.panes")!, "add:techniques.0.panes")!);
    f.set("u.techniques.0.panes.0", "Coastline 12");
    f.set("u.techniques.0.panes.1", "Harbor 10");
    expect(briefFromDraft(draftFromForm(f, thin), thin, RICH.length).ok).toBe(true);
  });
});
