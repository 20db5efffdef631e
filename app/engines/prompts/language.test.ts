import { sampleBlueprint } from "../../../test/fixtures/blueprints";
import type { CopyDoc } from "~/domain/copy/schema";
import { blueprintPrompt } from "./blueprint";
import { codePrompt } from "./code";
import { copyPrompt } from "./copy";
import { documentLanguage, languageInstruction } from "./language";
import { refinePrompt } from "./refine";

const fr = { code: "fr", frame: "fr", supported: true } as const;
const nl = { code: "nl", frame: "en", supported: false } as const;
const copyDoc: CopyDoc = {
  subject: "Soldes d'hiver",
  preheader: "",
  sections: [{ role: "hero", headline: "Soldes", body: "", cta: "" }],
  items: [],
};

describe("the LLM prompts say the email's language", () => {
  it("copy", () => {
    const p = copyPrompt({ assembledPrompt: "Soldes d'hiver chez Maison Lune", techniques: ["tabs"], language: fr });
    expect(p).toContain("Write all copy in French (fr)");
    expect(copyPrompt({ assembledPrompt: "x", techniques: ["tabs"], language: { code: "de", frame: "de", supported: true } })).toContain(
      "Write all copy in German (de)",
    );
  });

  it("blueprint", () => {
    expect(
      blueprintPrompt({ assembledPrompt: "x", copyDoc, techniques: ["tabs"], language: { code: "es", frame: "es", supported: true } }),
    ).toContain("Write all copy in Spanish (es)");
  });

  it("code, from the blueprint's lang", () => {
    const bp = { ...sampleBlueprint("quiz"), lang: "it" };
    const p = codePrompt({ blueprint: bp });
    expect(p).toContain("Write all copy in Italian (it)");
    expect(p).toContain('<html lang="it">');
  });

  it("refine, from the document's <html lang>", () => {
    expect(
      refinePrompt({ html: '<!DOCTYPE html><html lang="pt" dir="ltr"><body>Olá</body></html>', instructions: "Shorter subject" }),
    ).toContain("Write all copy in Portuguese (pt)");
    expect(refinePrompt({ html: "<p>hi</p>", instructions: "x", lang: "de-AT" })).toContain("Write all copy in German (de)");
    expect(refinePrompt({ html: "<p>hi</p>", instructions: "x" })).not.toContain("## Language");
  });

  it("English with the request's own words kept for a language without a frame", () => {
    const line = languageInstruction(nl);
    expect(line).toContain("Write all copy in English (en)");
    expect(line).toContain("written in nl");
    expect(copyPrompt({ assembledPrompt: "x", techniques: ["quiz"], language: nl })).toContain("written in nl");
  });
});

describe("documentLanguage", () => {
  it("reads the lang of the <html> tag only", () => {
    expect(documentLanguage('<html lang="fr-CA">')).toBe("fr-CA");
    expect(documentLanguage("<html dir='ltr' lang='de'>")).toBe("de");
    expect(documentLanguage('<html><body><p lang="fr">x</p></body></html>')).toBeUndefined();
    expect(documentLanguage(`${" ".repeat(5000)}<html lang="fr">`)).toBeUndefined();
  });
});
