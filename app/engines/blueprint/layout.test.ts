import type { Technique } from "~/domain/blueprint/schema";
import { parsePromptFacts } from "~/domain/prompt/facts";
import { render } from "~/domain/render";
import { writeLocalCopy } from "../copy/local";
import { LocalBlueprintEngine } from "./local";

const engine = new LocalBlueprintEngine();

async function build(
  prompt: string,
  techniques: Technique[],
  extra: {
    styleTheory?: string;
    layout?: string;
    emailType?: string;
    images?: Array<{ name: string; url: string; description?: string; width?: number; height?: number }>;
  } = {},
) {
  const facts = parsePromptFacts(prompt, extra.emailType);
  const copyDoc = writeLocalCopy({ prompt, facts, techniques });
  const r = await engine.build({ prompt, copyDoc, techniques, facts, ...extra });
  if (!r.ok) throw new Error(r.error);
  return r.blueprint;
}

const NPS = "Quick NPS survey for Ledgerly accounting software customers: how likely are you to recommend Ledgerly (0-10)?";

describe("the blueprint's layout family", () => {
  it("follows the email type: a survey for software is a plain letter, a shop's cart a product grid", async () => {
    expect((await build(NPS, ["survey"], { emailType: "feedback" })).layout).toBe("letter");
    const shop = await build(
      "Gift guide from Fernhill Garden Shop: Trowel $12, Gloves $9, Seed tin $7. Shop at https://fernhill.example/shop",
      ["itemCart"],
      { emailType: "ecommerce" },
    );
    expect(shop.layout).toBe("grid");
    expect(
      (
        await build("The Fernhill monthly newsletter: spring planting notes and the new greenhouse.", ["accordion"], {
          emailType: "newsletter",
        })
      ).layout,
    ).toBe("newsletter");
  });

  it("the same brief in two styles looks different beyond colour: another family, another structure", async () => {
    const quiet = await build(NPS, ["survey"], { emailType: "feedback", styleTheory: "minimal" });
    const loud = await build(NPS, ["survey"], { emailType: "feedback", styleTheory: "bold" });
    expect([quiet.layout, loud.layout]).toEqual(["letter", "announcement"]);
    const a = render(quiet);
    const b = render(loud);
    if (!a.ok || !b.ok) throw new Error("does not render");
    expect(a.html).toContain('width="560"');
    expect(b.html).toContain('<td class="kx-accent-bar"');
    expect(a.html).not.toContain('<td class="kx-accent-bar"');
  });

  it("a layout chosen in the request wins over the type and style", async () => {
    expect((await build(NPS, ["survey"], { emailType: "feedback", layout: "newsletter" })).layout).toBe("newsletter");
    expect((await build(NPS, ["survey"], { emailType: "feedback", layout: "auto" })).layout).toBe("letter");
  });

  it("an image named logo becomes the masthead logo (sized to at most 64 px tall), the others stay pictures", async () => {
    const bp = await build(NPS, ["survey"], {
      emailType: "feedback",
      images: [
        { name: "logo", description: "Brand logo", url: "https://cdn.ledgerly.example/logo@2x.png", width: 400, height: 100 },
        {
          name: "team photo",
          description: "The Ledgerly team in the office",
          url: "https://cdn.ledgerly.example/team.jpg",
          width: 1200,
          height: 600,
        },
      ],
    });
    // A @2x file of 400 × 100 is shown at 200 × 50.
    expect(bp.logo).toMatchObject({ src: "https://cdn.ledgerly.example/logo@2x.png", width: 200, height: 50 });
    expect(bp.logo!.alt).toBe(bp.brandName);
    const placed = JSON.stringify(bp.sections);
    expect(placed).toContain("team.jpg");
    expect(placed).not.toContain("logo@2x");
  });
});
