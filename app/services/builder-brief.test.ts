// The brief's field errors that used to surface only after a credit was charged.
import { describe, expect, it } from "vitest";
import { parseBriefForm, parseBriefJson } from "./builder.server";

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
    expect(Object.keys(r.errors)).toEqual(["prompt"]);
    expect(r.errors.prompt).toMatch(/At most 2 interactive techniques.*asks for 3/);
    expect(r.values.prompt).toBe(THREE);
  });

  it("accepts two, and the edited-copy path checks the same", () => {
    expect(parseBriefForm(form({ prompt: "Spring sale: tabs for Dresses and Shoes, and a carousel of looks" })).ok).toBe(true);
    const viaJson = parseBriefJson(JSON.stringify({ prompt: THREE }));
    expect(viaJson.ok).toBe(false);
    if (!viaJson.ok) expect(viaJson.errors.prompt).toBeDefined();
  });
});
