// The brief's field errors that used to surface only after a credit was charged.
import { beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/composition/app.server";
import { createEngines } from "~/composition/adapters.server";
import { readBrief } from "~/domain/reader";
import { LlmBriefEngine } from "~/engines/brief/llm";
import { toModelBrief } from "~/engines/brief/model";
import { FakeLlmClient, type FakeReply } from "~/engines/prompts/fake-llm";
import { createTestApp } from "../../test/helpers/app-context";
import {
  briefToGenerateInput,
  confirmUnderstood,
  parseBriefForm,
  parseBriefJson,
  parseUnderstoodForm,
  understandPrompt,
} from "./builder.server";

const form = (fields: Record<string, string | string[]>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) fd.append(k, x);
  return fd;
};
const THREE = "Autumn menu: tabs for Starters and Mains, an accordion of allergens and a carousel of the dining room";

describe("parseBriefForm: techniques", () => {
  it("puts a prompt naming three techniques on the prompt field", () => {
    const r = parseBriefForm(form({ prompt: THREE }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.reply.error ?? {})).toEqual(["prompt"]);
    expect(r.reply.error?.prompt?.[0]).toMatch(/At most 2 interactive techniques.*asks for 3/);
    expect(r.reply.initialValue?.prompt).toBe(THREE);
  });

  it("accepts two, and the edited-copy path checks the same", () => {
    expect(parseBriefForm(form({ prompt: "Spring sale: tabs for Dresses and Shoes, and a carousel of looks" })).ok).toBe(true);
    const viaJson = parseBriefJson(JSON.stringify({ prompt: THREE }));
    expect(viaJson.ok).toBe(false);
    if (!viaJson.ok) expect(viaJson.errors.prompt).toBeDefined();
  });
});

let app: AppContext;
beforeAll(async () => {
  app = await createTestApp();
});

describe("the Check step: the confirmed brief travels with the page's brief", () => {
  const PROMPT = "Spring sale for Bloom & Co: Dresses ($49) and Shoes ($79), 20% off with code BLOOM20";

  it("reads the prompt, takes the posted edits, and hands the confirmed brief to generation", async () => {
    const settings = parseBriefForm(form({ prompt: PROMPT }));
    if (!settings.ok) throw new Error("brief refused");
    const read = await understandPrompt(app, settings.brief);
    expect(read.brand?.value).toBe("Bloom & Co");
    const posted = form({
      brief: JSON.stringify(settings.brief),
      "u.read": JSON.stringify(read),
      "u.brand": "Bloom and Co",
      "u.emailType": "newsletter",
      "u.occasion": read.occasion.kind,
      "u.items.0.from": "0",
      "u.items.0.name": "Dresses",
      "u.items.0.price": "$49",
    });
    const u = parseUnderstoodForm(posted);
    if (!u.ok) throw new Error(JSON.stringify(u.errors));
    const confirmed = confirmUnderstood(u.settings, u.read, u.draft);
    if (!confirmed.ok) throw new Error(JSON.stringify(confirmed.errors));
    const brief = confirmed.settings.understood!;
    expect(brief.brand).toEqual({ value: "Bloom and Co", span: { start: 0, end: 0 } });
    expect(brief.items).toEqual([read.items[0]]);
    expect(brief.offers).toEqual([]);
    // An email type the user picked is the page's email type too.
    expect(confirmed.settings.emailType).toBe("newsletter");
    // Carried as the copy step's hidden JSON, it is still there for generation.
    const again = parseBriefJson(JSON.stringify(confirmed.settings));
    expect(again.ok && briefToGenerateInput(again.brief).brief).toEqual(brief);
  });

  it("refuses a read brief that does not belong to the prompt", async () => {
    const settings = parseBriefForm(form({ prompt: PROMPT }));
    if (!settings.ok) throw new Error("brief refused");
    const read = await understandPrompt(app, settings.brief);
    const u = parseUnderstoodForm(form({ brief: JSON.stringify({ prompt: "Short" }), "u.read": JSON.stringify(read) }));
    expect(u.ok).toBe(false);
    expect(parseUnderstoodForm(form({ brief: JSON.stringify({ prompt: PROMPT }), "u.read": "{" })).ok).toBe(false);
  });
});

describe("the Check step with a language model", () => {
  const PROMPT = "Spring sale for Bloom & Co: Dresses ($49) and Shoes ($79), 20% off with code BLOOM20";
  const withModel = (reply: FakeReply): AppContext => ({
    ...app,
    adapters: { ...app.adapters, engines: { ...createEngines(null), brief: new LlmBriefEngine(new FakeLlmClient([reply])) } },
  });

  it("shows the model's reading, anchored in the prompt, with what it lost taken back", async () => {
    const settings = parseBriefForm(form({ prompt: PROMPT }));
    if (!settings.ok) throw new Error("brief refused");
    const answer = toModelBrief(readBrief(PROMPT), PROMPT);
    answer.brand = "bloom & co";
    answer.items = [{ name: "Dresses", price: "$49" }, { name: "Shoes" }];
    const read = await understandPrompt(withModel({ json: answer }), settings.brief);
    expect(read.brand).toEqual({ value: "Bloom & Co", span: { start: 16, end: 26 } });
    expect(read.items.map((i) => [i.name.value, i.price?.display])).toEqual([
      ["Dresses", "$49"],
      ["Shoes", "$79"],
    ]);
  });

  it("reads the prompt locally when the model fails", async () => {
    const settings = parseBriefForm(form({ prompt: PROMPT }));
    if (!settings.ok) throw new Error("brief refused");
    const read = await understandPrompt(withModel({ error: "timeout" }), settings.brief);
    expect(read).toEqual(readBrief(PROMPT));
  });
});
