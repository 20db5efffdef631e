import type { Technique } from "~/domain/blueprint/schema";
import { parsePromptFacts } from "~/domain/prompt/facts";
import { render } from "~/domain/render";
import { writeLocalCopy } from "../copy/local";
import { FakeLlmClient } from "../prompts/fake-llm";
import { LlmBlueprintEngine } from "./llm";

const PROMPT =
  "Black Friday email for Lumen Coffee Roasters: 20% off all beans with code BEAN20. Products: Huila $16, Sidamo $19, Kona $42.";
const facts = parsePromptFacts(PROMPT);
const techniques: Technique[] = ["carousel", "itemCart"];
const copyDoc = writeLocalCopy({ prompt: PROMPT, facts, techniques });

describe("LlmBlueprintEngine", () => {
  it("takes the structure from the model, the words from the copy and the colours from the brand tokens", async () => {
    const hero = copyDoc.sections.findIndex((s) => s.role === "hero");
    const closing = copyDoc.sections.findIndex((s) => s.role === "closing");
    const client = new FakeLlmClient([
      {
        json: {
          styleTheory: "luxury",
          palette: { primary: "#aa0000", accent: "#00aa00" },
          sectionOrder: [closing, hero],
          imagePlacements: [{ image: 0, section: closing }],
        },
      },
    ]);
    const r = await new LlmBlueprintEngine(client).build({
      prompt: PROMPT,
      copyDoc,
      techniques,
      facts,
      designTokens: { colors: { primary: "#123456" } },
      images: [{ name: "beans.jpg", url: "https://cdn.example.com/beans.jpg" }],
    });
    if (!r.ok) throw new Error(r.error);
    const bp = r.blueprint;
    expect(bp.design.colors.primary).toBe("#123456");
    expect(bp.design.colors.accent).toBe("#00aa00");
    expect(bp.design.colors.background).toBe("#0c0a09"); // luxury preset, untouched by tokens or palette
    expect(bp.sections[0].role).toBe("closing");
    expect(bp.sections[1].role).toBe("hero");
    expect(bp.sections[0].image?.src).toBe("https://cdn.example.com/beans.jpg");
    // every copy section the model left out of its order is still there, with its words
    for (const s of copyDoc.sections.filter((x) => x.role !== "footer")) {
      expect(bp.sections.some((b) => (b.headline ?? "") === s.headline)).toBe(true);
    }
    // The carousel has nothing of its own to show (the cart has the three beans): it is left out.
    expect(bp.interactiveConfig.modules.map((m) => m.technique)).toEqual(["itemCart"]);
    const cart = bp.interactiveConfig.modules[0];
    expect(cart.technique === "itemCart" && cart.items.map((i) => i.price)).toEqual([1600, 1900, 4200]);
    expect(render(bp).ok).toBe(true);
    expect(client.requests[0]).toMatchObject({ role: "blueprint", schemaName: "StructurePlan" });
    expect(r.usage.estimated).toBe(false);
  });

  it("ignores out-of-range indices from the model", async () => {
    const client = new FakeLlmClient([{ json: { sectionOrder: [40, 1, 1], moduleHosts: [33] } }]);
    const r = await new LlmBlueprintEngine(client).build({ prompt: PROMPT, copyDoc, techniques, facts });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.blueprint.sections.length).toBe(copyDoc.sections.filter((s) => s.role !== "footer").length);
  });

  it("fails as a value when the model fails", async () => {
    const r = await new LlmBlueprintEngine(new FakeLlmClient([{ error: "server", message: "overloaded" }])).build({
      prompt: PROMPT,
      copyDoc,
      techniques,
      facts,
    });
    expect(!r.ok && r.error).toMatch(/overloaded/);
  });
});
