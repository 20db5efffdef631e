import { describe, expect, it } from "vitest";
import { MAX_COMMA_ITEMS, joinCommaList, splitCommaLists } from "./comma-lists";

describe("comma-separated list fields", () => {
  it("splits a named field into one trimmed entry per item, dropping blanks, and leaves other fields alone", () => {
    const form = new FormData();
    form.set("keyFeatures", " tabs, , carousel ,");
    form.set("description", "a, b");
    const split = splitCommaLists(form, ["keyFeatures", "bestPracticeTags"]);
    expect(split.getAll("keyFeatures")).toEqual(["tabs", "carousel"]);
    expect(split.getAll("description")).toEqual(["a, b"]);
    expect(split.has("bestPracticeTags")).toBe(false);
    // The form itself is left as typed.
    expect(form.getAll("keyFeatures")).toEqual([" tabs, , carousel ,"]);
  });

  it("a blank field leaves no entry (the list is absent)", () => {
    const form = new FormData();
    form.set("keyFeatures", "  ");
    expect(splitCommaLists(form, ["keyFeatures"]).has("keyFeatures")).toBe(false);
  });

  it("joins an initial value back for the text field", () => {
    expect(joinCommaList(["tabs", "carousel"])).toBe("tabs, carousel");
    expect(joinCommaList("tabs")).toBe("tabs");
    expect(joinCommaList(undefined)).toBe("");
  });

  it("splits at most MAX_COMMA_ITEMS items: a longer list still arrives too long for any list field", () => {
    const form = new FormData();
    form.set("keyFeatures", "a,".repeat(250_000));
    expect(splitCommaLists(form, ["keyFeatures"]).getAll("keyFeatures")).toHaveLength(MAX_COMMA_ITEMS);
  });
});
