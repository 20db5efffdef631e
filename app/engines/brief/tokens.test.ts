import { describe, expect, it } from "vitest";
import { BRIEF_LIMITS, BriefSchema, type Brief } from "~/domain/brief/schema";
import { promptTokens, readBrief } from "~/domain/reader";
import { anchorBrief } from "./anchor";
import { ModelBriefSchema, toModelBrief, type ModelBrief } from "./model";
import { NOT_USED_BY_MODEL, tokenPass } from "./tokens";

const SALE =
  "Spring sale for Bloom & Co: Dresses ($49) and Shoes ($79). 20% off with code BLOOM20 until May 3. Shop at https://bloom.example/sale";
const GIFTS = "Free gift wrap over $50 until Dec 20, and 15% off with code JOY15 until Dec 24.";

/** The local reading's own answer, changed the way a case says a model got it wrong. */
function modelReading(prompt: string, change: (answer: ModelBrief) => void): Brief {
  const local = readBrief(prompt);
  const answer = ModelBriefSchema.parse(toModelBrief(local, prompt));
  change(answer);
  return anchorBrief(prompt, answer, { local, tokens: promptTokens(prompt) }).brief;
}
const pass = (prompt: string, model: Brief) => tokenPass(model, readBrief(prompt), promptTokens(prompt));

describe("tokenPass", () => {
  const cases: Array<{ name: string; prompt: string; change: (a: ModelBrief) => void; restored: string[]; check: (b: Brief) => void }> = [
    {
      name: "a lost price goes back on its item",
      prompt: SALE,
      change: (a) => void (a.items![1].price = null),
      restored: ["$79 (money) → items.1.price"],
      check: (b) => expect(b.items[1].price).toMatchObject({ display: "$79", minor: 7900, span: { start: 53, end: 56 } }),
    },
    {
      name: "a lost item comes back where the prompt has it",
      prompt: SALE,
      change: (a) => void a.items!.splice(0, 1),
      restored: ["$49 (money) → items.0"],
      check: (b) => expect(b.items.map((i) => i.name.value)).toEqual(["Dresses", "Shoes"]),
    },
    {
      name: "a lost code comes back on its offer and in the codes",
      prompt: SALE,
      change: (a) => {
        a.offers![0].code = null;
        a.codes = [];
      },
      restored: ["BLOOM20 (code) → offers.0.code, codes.0"],
      check: (b) => {
        expect(b.offers[0].code?.value).toBe("BLOOM20");
        expect(b.codes.map((c) => c.value)).toEqual(["BLOOM20"]);
      },
    },
    {
      name: "a lost link comes back in the links",
      prompt: SALE,
      change: (a) => {
        a.links = [];
      },
      restored: ["https://bloom.example/sale (url) → links.0"],
      check: (b) => expect(b.links.map((l) => l.value)).toEqual(["https://bloom.example/sale"]),
    },
    {
      name: "a lost offer comes back last, so the dates keep the indexes they have",
      prompt: GIFTS,
      change: (a) => {
        a.offers!.splice(0, 1);
        a.dates!.splice(0, 1);
        a.dates![0].offer = 0;
      },
      // The offer brings its deadline back: the date is held, and no date entry is needed for it.
      restored: ["$50 (money) → offers.1"],
      check: (b) => {
        expect(b.offers.map((o) => o.text.value)).toEqual(["15% off", "Free gift wrap"]);
        expect(b.dates.map((d) => [d.value, d.governs])).toEqual([["Dec 24", { kind: "offer", offer: 0 }]]);
      },
    },
    {
      name: "a lost date names its offer by the model's index of that offer",
      prompt: GIFTS,
      change: (a) => {
        a.offers!.reverse();
        a.offers![1].deadline = null;
        a.dates = [{ text: "Dec 24", governs: "offer", offer: 0 }];
      },
      restored: ["Dec 20 (date) → offers.1.deadline, dates.0"],
      check: (b) =>
        expect(b.dates.map((d) => [d.value, d.governs])).toEqual([
          ["Dec 20", { kind: "offer", offer: 1 }],
          ["Dec 24", { kind: "offer", offer: 0 }],
        ]),
    },
  ];

  it.each(cases)("$name", ({ prompt, change, restored, check }) => {
    const before = pass(
      prompt,
      modelReading(prompt, () => undefined),
    );
    const after = pass(prompt, modelReading(prompt, change));
    expect(after.restored).toEqual(restored);
    // What the model lost and the local reading gave back is not also reported.
    expect(after.reported).toEqual(before.reported);
    check(after.brief);
    expect(BriefSchema.safeParse(after.brief).success).toBe(true);
  });

  it("leaves a reading that holds every token as it is", () => {
    const model = modelReading(GIFTS, () => undefined);
    expect(pass(GIFTS, model)).toEqual({ brief: model, restored: [], reported: [] });
  });

  it("counts a token held by an instruction or by unused as used", () => {
    const prompt = "Newsletter for Oak Hall. Do not mention the $20 fee.";
    const model = modelReading(prompt, (a) => {
      a.instructions = [{ kind: "avoid", text: "Do not mention the $20 fee" }];
      a.unused = [{ text: "Oak Hall", reason: "a remark" }];
      a.brand = null;
    });
    const r = pass(prompt, model);
    expect(r.restored).toEqual([]);
    expect(r.reported).toEqual([]);
  });

  it("lists a token neither reading placed in a field in unused, with the reason, and reports it", () => {
    // "Shop" (a capitalised word after a full stop) is a name token no field of either reading holds.
    const r = pass(
      SALE,
      modelReading(SALE, (a) => void (a.brand = null)),
    );
    expect(r.reported).toEqual(["Shop (name)"]);
    expect(r.brief.unused).toEqual([{ text: { value: "Shop", span: { start: 98, end: 102 } }, reason: NOT_USED_BY_MODEL }]);
    // The brand the model left out is a name the local reading holds: it comes back.
    expect(r.restored).toEqual(["Bloom & Co: Dresses (name) → brand"]);
  });

  it("takes a name's words from the fields that hold them, one each", () => {
    // "Bloom & Co: Dresses" is one run of capitalised words: the brand holds two, an item the third.
    const model = modelReading(SALE, () => undefined);
    expect(pass(SALE, model).reported).not.toContain("Bloom & Co: Dresses (name)");
  });

  it("reports what cannot go back into a full list, and still lists it as unused", () => {
    const model = modelReading(SALE, (a) => {
      a.items = [{ name: "Shoes", price: "$79" }];
    });
    const full = { ...model, items: Array.from({ length: BRIEF_LIMITS.items }, () => model.items[0]) };
    const r = pass(SALE, full);
    expect(r.reported).toContain("$49 (money)");
    expect(r.brief.unused.map((u) => u.text.value)).toContain("$49");
  });

  it("adds no more to unused than the brief holds, but reports every token", () => {
    const prompt = Array.from({ length: 50 }, (_, i) => `Item ${i} costs $${i + 1}.`).join(" ");
    const empty = anchorBrief(prompt, ModelBriefSchema.parse({}), { local: readBrief(prompt), tokens: promptTokens(prompt) }).brief;
    const r = tokenPass(empty, { ...readBrief(prompt), items: [], otherItems: [] }, promptTokens(prompt));
    expect(r.brief.unused).toHaveLength(BRIEF_LIMITS.unused);
    expect(r.reported.length).toBeGreaterThan(BRIEF_LIMITS.unused);
    expect(BriefSchema.safeParse(r.brief).success).toBe(true);
  });
});
