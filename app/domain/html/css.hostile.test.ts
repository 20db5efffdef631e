// CSS nested past any real use (docs/api.md "Input limits"): 3,000 nested @media blocks overflowed the stack in the
// stylesheet walk on every endpoint that parses an email (a 500).
import { cssBlockDepth, MAX_CSS_DEPTH, parseStylesheet } from "./css";
import { parseEmail } from "./parse";

const nestedMedia = (n: number) => "@media screen{".repeat(n) + "a{color:red}" + "}".repeat(n);

describe("CSS nesting", () => {
  it("measures block nesting, skipping comments and strings", () => {
    expect(cssBlockDepth("@media x{@supports (a:b){a{color:red}}} b{c:d}")).toBe(3);
    expect(cssBlockDepth('a{content:"{{{{"} /* {{{{ */ b{}')).toBe(1);
    expect(cssBlockDepth("{".repeat(100_000), MAX_CSS_DEPTH)).toBe(MAX_CSS_DEPTH + 1);
  });

  it("reads a stylesheet nested 3,000 deep as broken (no rules) instead of overflowing the stack", () => {
    expect(parseStylesheet(nestedMedia(3000))).toEqual({ rules: [], atRules: [] });
    const doc = parseEmail(`<html><head><style>${nestedMedia(3000)}</style></head><body><p>x</p></body></html>`);
    expect(doc.rules).toEqual([]);
    expect(doc.elements.map((e) => e.name)).toEqual(["html", "head", "style", "body", "p"]);
  });

  it("still reads nesting within the limit", () => {
    const sheet = parseStylesheet(nestedMedia(MAX_CSS_DEPTH - 1));
    expect(sheet.rules).toHaveLength(1);
    expect(sheet.rules[0].atRules).toHaveLength(MAX_CSS_DEPTH - 1);
  });
});
