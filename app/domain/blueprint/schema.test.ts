import { sampleBlueprint } from "../../../test/fixtures/blueprints";
import { BlueprintSchema, DesignTokensSchema, ImageSchema, TECHNIQUES } from "./schema";

const base = () => sampleBlueprint("tabs");
const issuesOf = (input: unknown) => {
  const r = BlueprintSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("BlueprintSchema", () => {
  it.each(TECHNIQUES)("accepts the %s sample", (t) => {
    expect(issuesOf(sampleBlueprint(t))).toEqual([]);
  });

  it("fills lang, dir and preheader defaults", () => {
    const { lang, dir, preheader, ...rest } = base();
    const parsed = BlueprintSchema.parse(rest);
    expect([parsed.lang, parsed.dir, parsed.preheader]).toEqual(["en", "ltr", ""]);
  });

  it("refuses colours that are not #rgb/#rrggbb", () => {
    const bp = base();
    bp.design.colors.primary = "red";
    expect(issuesOf(bp).join()).toContain("design.colors.primary");
  });

  it("refuses containers wider than 640px and font stacks without a fallback", () => {
    const bp = base();
    bp.design.spacing.containerWidth = 700;
    bp.design.typography.fontFamily = "Inter";
    const issues = issuesOf(bp).join();
    expect(issues).toContain("containerWidth");
    expect(issues).toContain("fontFamily");
  });

  it("refuses script URLs and plain-http images", () => {
    const bp = base();
    bp.sections[0]!.cta = { label: "Go", url: "javascript:alert(1)" };
    bp.sections[0]!.image = { src: "http://x.test/a.png", alt: "a", width: 10, height: 10 };
    const issues = issuesOf(bp).join();
    expect(issues).toContain("sections.0.cta.url");
    expect(issues).toContain("sections.0.image.src");
  });

  it("accepts known placeholders as link targets", () => {
    const bp = base();
    bp.sections[0]!.cta = { label: "Open", url: "{{VIB_URL}}" };
    expect(issuesOf(bp)).toEqual([]);
  });

  it("keeps technique equal to the first module's technique", () => {
    expect(issuesOf({ ...base(), technique: "quiz" }).join()).toContain("technique");
  });

  it("allows at most two modules, with distinct namespaces", () => {
    const three = sampleBlueprint("tabs", "menu");
    three.interactiveConfig.modules.push(structuredClone(three.interactiveConfig.modules[0]!));
    expect(issuesOf(three).join()).toContain("interactiveConfig.modules");
    const clash = sampleBlueprint("tabs", "menu");
    clash.interactiveConfig.modules[0]!.ns = "k2";
    expect(issuesOf(clash).join()).toContain("namespaces");
  });

  it("checks quiz answers, cart prices and section references", () => {
    const quiz = sampleBlueprint("quiz");
    const qm = quiz.interactiveConfig.modules[0]!;
    if (qm.technique === "quiz") qm.questions[0]!.answer = 9;
    expect(issuesOf(quiz).join()).toContain("answer");

    const cart = sampleBlueprint("itemCart");
    const cm = cart.interactiveConfig.modules[0]!;
    if (cm.technique === "itemCart") cm.items[0]!.price = 50;
    expect(issuesOf(cart).join()).toContain("price");

    const ref = base();
    ref.sections[0]!.moduleIndex = 1;
    expect(issuesOf(ref).join()).toContain("moduleIndex");
  });

  it("refuses duplicate section ids", () => {
    const bp = base();
    bp.sections[1]!.id = bp.sections[0]!.id;
    expect(issuesOf(bp).join()).toContain("duplicate section id");
  });
});

describe("ImageSchema", () => {
  const img = { src: "https://images.example.com/a.jpg", alt: "A lamp", width: 536, height: 300 };
  it("takes an optional destination, checked like every link", () => {
    expect(ImageSchema.safeParse(img).success).toBe(true);
    expect(ImageSchema.parse({ ...img, href: "https://fern.example/moss" }).href).toBe("https://fern.example/moss");
    expect(ImageSchema.safeParse({ ...img, href: "#" }).success).toBe(false);
    expect(ImageSchema.safeParse({ ...img, href: "javascript:alert(1)" }).success).toBe(false);
  });
});

describe("DesignTokensSchema", () => {
  it("accepts any subset of brand tokens and still validates what is given", () => {
    expect(DesignTokensSchema.safeParse({}).success).toBe(true);
    expect(DesignTokensSchema.safeParse({ colors: { primary: "#123" }, typography: { weights: { heading: 800 } } }).success).toBe(true);
    expect(DesignTokensSchema.safeParse({ colors: { primary: "blue" } }).success).toBe(false);
  });
});
