// Found in review: an NPS survey showed "0 to 4" for a 0–10 question (options were cut to five). The
// local engines keep all eleven answers of a 0–10 scale.
import { extractTechniques, parsePromptFacts } from "~/domain/prompt";
import { LocalCopyEngine } from "./local";
import { LocalBlueprintEngine } from "../blueprint/local";

async function surveyOptions(prompt: string): Promise<string[][]> {
  const facts = parsePromptFacts(prompt, undefined);
  const extracted = extractTechniques(prompt, undefined, undefined);
  const techniques = extracted.ok ? extracted.techniques : ["survey" as const];
  const copy = await new LocalCopyEngine().write({ prompt, facts, techniques } as never);
  if (!copy.ok) throw new Error("copy");
  const built = await new LocalBlueprintEngine().build({ prompt, copyDoc: copy.copyDoc, techniques, facts } as never);
  if (!built.ok) throw new Error("blueprint");
  return built.blueprint.interactiveConfig.modules.flatMap((m) =>
    m.technique === "survey" ? m.questions.map((q) => q.options.map((o) => o.label)) : [],
  );
}

const ZERO_TO_TEN = Array.from({ length: 11 }, (_, i) => String(i));

describe("an NPS survey from the local engines", () => {
  it.each([
    "An NPS survey for Acme customers: how likely are you to recommend Acme to a friend, on a scale of 0 to 10?",
    "Net promoter survey for Bloom: how likely are you to recommend us?",
  ])("asks the recommend question with 0…10: %s", async (prompt) => {
    expect((await surveyOptions(prompt))[0]).toEqual(ZERO_TO_TEN);
  });
});
