import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_TECHNIQUES } from "~/domain/prompt/techniques";
import { BriefFormSchema, MAX_IMAGE_ROWS, MAX_SECTION_ROWS } from "./builder";
import {
  EXTRA_LIST_ENTRIES,
  FORM_NAME_MESSAGES,
  MAX_FIELD_NAME_CHARS,
  MAX_FORM_ENTRIES,
  MAX_VALUE_ENTRIES,
  admittedEntries,
  checkFormNames,
  formShape,
} from "./form-names";
import { submitContentSchema } from "./library";
import { AdminUsersFormSchema } from "./users";

const brief = formShape(BriefFormSchema);
const check = (...names: string[]) =>
  checkFormNames(
    names.map((name) => [name, "x"] as const),
    brief,
  );
const refusedOn = (field: string, message: string) => ({ field, message, path: expect.any(Array) });

describe("a form's shape, read off its schema", () => {
  it("takes each list's maximum from the schema that already has it", () => {
    expect(brief.fields?.get("images")?.list?.max).toBe(MAX_IMAGE_ROWS);
    expect(brief.fields?.get("savedSections")?.list?.max).toBe(MAX_SECTION_ROWS);
    expect(brief.fields?.get("techniques")?.list?.max).toBe(MAX_TECHNIQUES);
    expect([...(brief.fields?.get("images")?.list?.of.fields?.keys() ?? [])]).toEqual(
      expect.arrayContaining(["name", "url", "description"]),
    );
    expect([...(brief.fields?.get("brand")?.fields?.get("colors")?.fields?.keys() ?? [])]).toEqual([
      "primary",
      "accent",
      "background",
      "text",
    ]);
    expect(formShape(submitContentSchema).fields?.get("keyFeatures")?.list?.max).toBe(100);
  });

  it("a union's options together: every field any of them has", () => {
    expect([...(formShape(AdminUsersFormSchema).fields?.keys() ?? [])].sort()).toEqual([
      "admin",
      "credits",
      "email",
      "intent",
      "password",
      "userId",
    ]);
  });

  it("is read once per schema", () => {
    expect(formShape(BriefFormSchema)).toBe(brief);
  });

  it("a list without a maximum is a mistake in the schema, said at once", () => {
    expect(() => formShape(z.object({ tags: z.array(z.string()) }))).toThrow(/"tags" has no maximum/);
  });
});

describe("the names of a post, against the shape", () => {
  it.each([
    "prompt",
    "_csrf",
    "intent",
    "techniques",
    "techniques[]",
    "techniques[1]",
    "images[0].url",
    "images[2].description",
    "images.1.name",
    "savedSections[1].html",
    "brand.colors.primary",
    "brand.useColors",
  ])("%s: the builder renders it, it passes", (name) => {
    expect(check(name)).toBeNull();
  });

  it.each([
    ["images[3].url", "images", MAX_IMAGE_ROWS],
    ["images[1000000].url", "images", MAX_IMAGE_ROWS],
    ["images[1000000000].url", "images", MAX_IMAGE_ROWS],
    ["images.1000000.url", "images", MAX_IMAGE_ROWS],
    [`images[${"9".repeat(150)}].url`, "images", MAX_IMAGE_ROWS],
    ["images[-1].url", "images", MAX_IMAGE_ROWS],
    ["images[01].url", "images", MAX_IMAGE_ROWS],
    ["images[0x1].url", "images", MAX_IMAGE_ROWS],
    ["images[1e6].url", "images", MAX_IMAGE_ROWS],
    ["images[ 1].url", "images", MAX_IMAGE_ROWS],
    ["images.url", "images", MAX_IMAGE_ROWS],
    ["savedSections[2].html", "savedSections", MAX_SECTION_ROWS],
    ["savedSections[1000000].html", "savedSections", MAX_SECTION_ROWS],
    ["savedSections[1000000000].html", "savedSections", MAX_SECTION_ROWS],
    ["techniques[1000000]", "techniques", MAX_TECHNIQUES],
  ])("%s: an index outside its list is refused on the list", (name, field, max) => {
    expect(check(name)).toEqual(refusedOn(field, FORM_NAME_MESSAGES.index(max)));
  });

  it.each([
    ["prompt[0]", "prompt"],
    ["prompt.x", "prompt"],
    ["prompt[]", "prompt"],
    ["images[0].url.x", "images[0].url"],
    ["images[0].url[0]", "images[0].url"],
    ["images[0].nope", "images[0]"],
    ["brand.nope", "brand"],
    ["brand.colors.primary.x", "brand.colors.primary"],
    ["brand[0]", "brand"],
  ])("%s: deeper than the schema goes is refused on the field it is inside", (name, field) => {
    expect(check(name)).toEqual(refusedOn(field, FORM_NAME_MESSAGES.deeper));
  });

  it.each([
    "nope[0]",
    "nope.x",
    "[0]",
    ".x",
    "a]b",
    "images[0",
    "images[].url",
    "images..url",
    "__intent__",
    "__state__",
    "x".repeat(MAX_FIELD_NAME_CHARS + 1),
  ])("%s: no field of the page, or not a name conform reads: refused on the form", (name) => {
    expect(check(name)).toEqual(refusedOn("", FORM_NAME_MESSAGES.unknown));
  });

  it("counts the entries of each name: a list up to its maximum and some, any other field a few times", () => {
    const times = (name: string, n: number) => Array.from({ length: n }, () => name);
    expect(check(...times("techniques", MAX_TECHNIQUES + EXTRA_LIST_ENTRIES))).toBeNull();
    expect(check(...times("techniques", MAX_TECHNIQUES + EXTRA_LIST_ENTRIES + 1))).toEqual(
      refusedOn("techniques", FORM_NAME_MESSAGES.entries(MAX_TECHNIQUES)),
    );
    // `images[]`, `images` and `images.0`… are the same list to conform.
    expect(check(...times("images[]", 10), ...times("images", 10), "images[0].url")).toEqual(
      refusedOn("images", FORM_NAME_MESSAGES.entries(MAX_IMAGE_ROWS)),
    );
    expect(check(...times("prompt", MAX_VALUE_ENTRIES))).toBeNull();
    expect(check(...times("prompt", MAX_VALUE_ENTRIES + 1))).toEqual(refusedOn("prompt", FORM_NAME_MESSAGES.repeated));
    expect(check(...times("images[0].url", 2), ...times("images.0.url", 3))).toEqual(
      refusedOn("images[0].url", FORM_NAME_MESSAGES.repeated),
    );
    expect(check(...times("intent", MAX_VALUE_ENTRIES + 1))).toEqual(refusedOn("", FORM_NAME_MESSAGES.repeated));
  });

  it("at most MAX_FORM_ENTRIES entries in all, whatever their names", () => {
    const names = Array.from({ length: MAX_FORM_ENTRIES + 1 }, (_, i) => `n${i}`);
    expect(check(...names.slice(0, -1))).toBeNull();
    expect(check(...names)).toEqual(refusedOn("", FORM_NAME_MESSAGES.tooMany));
  });

  it("conform's validate intent (the page's own check as a field is left) passes when its name fits; any other intent does not", () => {
    const intent = (value: unknown) =>
      checkFormNames(
        [
          ["prompt", "x"],
          ["__intent__", typeof value === "string" ? value : JSON.stringify(value)],
        ],
        brief,
      );
    expect(intent({ type: "validate", payload: { name: "images[2].url" } })).toBeNull();
    expect(intent({ type: "validate", payload: {} })).toBeNull();
    expect(intent({ type: "validate", payload: { name: "images[1000000].url" } })).toEqual(
      refusedOn("images", FORM_NAME_MESSAGES.index(MAX_IMAGE_ROWS)),
    );
    for (const other of [
      { type: "update", payload: { name: "images[1000000]", value: "x" } },
      { type: "insert", payload: { name: "images", index: 1000000 } },
      { type: "validate", payload: { name: "prompt", value: [1] } },
      { type: "validate", payload: { name: "__intent__" } },
      "not json",
      JSON.stringify({ type: "validate", payload: { name: `p${" ".repeat(400)}` } }),
    ])
      expect(intent(other)).toEqual(refusedOn("", FORM_NAME_MESSAGES.unknown));
    expect(
      checkFormNames(
        [
          ["__intent__", JSON.stringify({ type: "validate", payload: {} })],
          ["__intent__", JSON.stringify({ type: "validate", payload: {} })],
        ],
        brief,
      ),
    ).toEqual(refusedOn("", FORM_NAME_MESSAGES.unknown));
  });

  it("stops at the first refusal: the rest of the post is never read", () => {
    let read = 0;
    function* names(): Generator<[string, string]> {
      yield ["prompt", "x"];
      yield ["images[1000000].url", "x"];
      for (;;) {
        read++;
        yield ["prompt", "x"];
      }
    }
    expect(checkFormNames(names(), brief)).toEqual(refusedOn("images", FORM_NAME_MESSAGES.index(MAX_IMAGE_ROWS)));
    expect(read).toBe(0);
  });

  it("what a refused form is shown again with: the entries that pass, within their counts, at most MAX_FORM_ENTRIES", () => {
    const entries: Array<[string, string]> = [
      ["prompt", "Spring sale"],
      ["images[1000000].url", "https://x.test/a.png"],
      ["images[0].url", "https://x.test/b.png"],
      ...Array.from({ length: 50 }, (): [string, string] => ["prompt", "again"]),
    ];
    expect([...admittedEntries(entries, brief)]).toEqual([
      ["prompt", "Spring sale"],
      ["images[0].url", "https://x.test/b.png"],
      ...Array.from({ length: MAX_VALUE_ENTRIES - 1 }, () => ["prompt", "again"]),
    ]);
    function* endless(): Generator<[string, string]> {
      for (let i = 0; ; i++) yield [`n${i}`, "x"];
    }
    expect([...admittedEntries(endless(), brief)]).toHaveLength(MAX_FORM_ENTRIES);
  });
});
