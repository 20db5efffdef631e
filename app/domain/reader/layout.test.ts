// A brief's layout (./layout): bullet and numbered lines, `Label: value` lines and what is no label,
// headings that govern the lines under them until a blank line or a line of another shape, table
// rows, rules, and sentences that are never cut after a day number or an abbreviation.
import { describe, expect, it } from "vitest";
import { cuesFor } from "./cues";
import { layoutOf, type Line, type LineKind } from "./layout";
import { readSource } from "./source";

function layout(prompt: string, lang = "en") {
  const text = readSource(prompt).text;
  const lines = layoutOf(text, lang, cuesFor(lang).cues);
  const slice = (r: { start: number; end: number } | undefined) => (r ? text.slice(r.start, r.end) : undefined);
  return { text, lines, slice };
}

function only(prompt: string, lang = "en"): { line: Line; slice: ReturnType<typeof layout>["slice"] } {
  const { lines, slice } = layout(prompt, lang);
  expect(lines).toHaveLength(1);
  return { line: lines[0], slice };
}

describe("layoutOf: bullets and numbered lines", () => {
  const rows: Array<[string, LineKind, string]> = [
    ["- Linen dress €89", "bullet", "Linen dress €89"],
    ["* Straw hat €35", "bullet", "Straw hat €35"],
    ["• Canvas tote €19", "bullet", "Canvas tote €19"],
    ["– Sunglasses €25", "bullet", "Sunglasses €25"],
    ["  - Indented bullet", "bullet", "Indented bullet"],
    ["1. Sign up", "numbered", "Sign up"],
    ["12. Twelfth step", "numbered", "Twelfth step"],
    ["1) Choose a plan", "numbered", "Choose a plan"],
    ["a) Saturn", "numbered", "Saturn"],
    ["B. Jupiter", "numbered", "Jupiter"],
    ["iv. Fourth point", "numbered", "Fourth point"],
  ];
  it.each(rows)("%j is a %s line with body %j", (prompt, kind, body) => {
    const { line, slice } = only(prompt);
    expect(line.kind).toBe(kind);
    expect(slice(line.body)).toBe(body);
  });

  it("reads a dash inside a sentence as no bullet", () => {
    expect(only("Doors open at 7 - bring a friend").line.kind).toBe("text");
  });

  it("keeps a bullet's label in its body and reads the label", () => {
    const { line, slice } = only("- Offer: 20% off");
    expect(line.kind).toBe("bullet");
    expect(slice(line.label)).toBe("Offer");
    expect(slice(line.body)).toBe("Offer: 20% off");
  });
});

describe("layoutOf: label lines", () => {
  const labels: Array<[string, string, string, string?]> = [
    ["Offer: 20% off everything", "Offer", "20% off everything"],
    ["Offer 1: 20% off boots", "Offer 1", "20% off boots"],
    ["Subject line: Our spring sale is here", "Subject line", "Our spring sale is here"],
    ["Modules (make these tabs, one per module): Intro, Setup, Tips", "Modules (make these tabs, one per module)", "Intro, Setup, Tips"],
    ["Time: 10:30", "Time", "10:30"],
    ["Link: https://bloom.example/sale", "Link", "https://bloom.example/sale"],
    ["Quand : samedi 14 juin", "Quand", "samedi 14 juin", "fr"],
    ["Wann: Samstag, 21. Juni", "Wann", "Samstag, 21. Juni", "de"],
  ];
  it.each(labels)("%j has label %j and value %j", (prompt, label, body, lang) => {
    const { line, slice } = only(prompt, lang);
    expect(line.kind).toBe("label");
    expect(slice(line.label)).toBe(label);
    expect(slice(line.body)).toBe(body);
  });

  const notLabels = [
    "Meeting at 10:30 sharp",
    "10:30 doors open",
    "https://bloom.example/sale",
    "See https://bloom.example/sale for more",
    "Re:spring sale",
    "We loved it, honestly, and then we said: come back soon",
    "This sentence is far too long to be the label of any line at all: it is prose",
  ];
  it.each(notLabels)("%j is no label line", (prompt) => {
    const { line } = only(prompt);
    expect(line.kind).not.toBe("label");
    expect(line.label).toBeUndefined();
  });
});

describe("layoutOf: headings and the lines they govern", () => {
  it("a label with no value is a heading over the bullets under it", () => {
    const { lines, slice } = layout("Products:\n- Mug $12\n- Tee $20");
    expect(lines.map((l) => l.kind)).toEqual(["heading", "bullet", "bullet"]);
    expect(slice(lines[0].label)).toBe("Products");
    expect(lines[1].parent).toBe(0);
    expect(lines[2].parent).toBe(0);
  });

  it("a heading with brackets is a heading", () => {
    const { lines, slice } = layout("Tabs (one per product):\n- Mug\n- Tee");
    expect(lines[0].kind).toBe("heading");
    expect(slice(lines[0].label)).toBe("Tabs (one per product)");
    expect(lines[1].parent).toBe(0);
  });

  it("a markdown heading governs the line under it", () => {
    const { lines, slice } = layout("# Opening hours\nMonday to Friday, 8am to 6pm");
    expect(lines[0].kind).toBe("heading");
    expect(slice(lines[0].label)).toBe("Opening hours");
    expect(lines[1].parent).toBe(0);
  });

  it("governs a list that starts after a blank line", () => {
    const { lines } = layout("Products:\n\n- Mug $12\n- Tee $20");
    expect(lines[1].parent).toBe(0);
    expect(lines[2].parent).toBe(0);
  });

  it("governs plain lines under it", () => {
    const { lines } = layout("Speakers:\nAna Ruiz\nBen Cole");
    expect(lines[1].parent).toBe(0);
    expect(lines[2].parent).toBe(0);
  });

  it("governs label lines right under it (a pane per label)", () => {
    const { lines } = layout("Secciones:\nObras: del 2 al 11 de mayo\nCultura: charlas y talleres", "es");
    expect(lines[1].kind).toBe("label");
    expect(lines[1].parent).toBe(0);
    expect(lines[2].parent).toBe(0);
  });

  it("the list ends at a blank line", () => {
    const { lines } = layout("Products:\n- Mug $12\n- Tee $20\n\nEverything ships free.");
    expect(lines[3].parent).toBeUndefined();
    expect(lines[3].paragraph).toBeGreaterThan(lines[2].paragraph);
  });

  it("the list ends at a line of another shape", () => {
    const prose = layout("Products:\n- Mug $12\n- Tee $20\nEverything ships free.");
    expect(prose.lines[3].kind).toBe("text");
    expect(prose.lines[3].parent).toBeUndefined();
    const label = layout("Products:\n- Mug $12\n- Tee $20\nCode: SAVE10");
    expect(label.lines[3].kind).toBe("label");
    expect(label.lines[3].parent).toBeUndefined();
  });

  it("a new heading takes over", () => {
    const { lines } = layout("Products:\n- Mug $12\nAgenda:\n- 9:00 Welcome");
    expect(lines[2].kind).toBe("heading");
    expect(lines[3].parent).toBe(2);
  });

  it("counts paragraphs by blank lines", () => {
    const { lines } = layout("One\nTwo\n\nThree\n\n\nFour");
    expect(lines.map((l) => l.paragraph)).toEqual([0, 0, 1, 2]);
  });
});

describe("layoutOf: table rows and rules", () => {
  it("reads tab-separated lines as rows with their cells", () => {
    const { lines, slice } = layout("Name\tPrice\tLink\nMug\t$12\thttps://bloom.example/mug");
    expect(lines.map((l) => l.kind)).toEqual(["row", "row"]);
    expect(lines[0].cells?.map(slice)).toEqual(["Name", "Price", "Link"]);
    expect(lines[1].cells?.map(slice)).toEqual(["Mug", "$12", "https://bloom.example/mug"]);
  });

  it("reads pipe-separated lines as rows, with or without outer pipes", () => {
    const { lines, slice } = layout("| Dish | Price |\n| Gazpacho | €6.50 |\nPaella | €14 | spicy");
    expect(lines.map((l) => l.kind)).toEqual(["row", "row", "row"]);
    expect(lines[0].cells?.map(slice)).toEqual(["Dish", "Price"]);
    expect(lines[1].cells?.map(slice)).toEqual(["Gazpacho", "€6.50"]);
    expect(lines[2].cells?.map(slice)).toEqual(["Paella", "€14", "spicy"]);
  });

  it("reads a label with a list separated by pipes as a label, not a row", () => {
    const { line, slice } = only("Tabs: Programme | Accès | Tarifs");
    expect(line.kind).toBe("label");
    expect(slice(line.label)).toBe("Tabs");
  });

  it("reads one pipe in a sentence as no row", () => {
    expect(only("Mug | $12").line.kind).not.toBe("row");
  });

  const rules = ["---", "***", "=====", "___", "-- Forwarded message --"];
  it.each(rules)("%j is a rule with no sentences", (prompt) => {
    const { line } = only(prompt);
    expect(line.kind).toBe("rule");
    expect(line.sentences).toEqual([]);
  });
});

describe("layoutOf: sentences", () => {
  const rows: Array<[string, string, string[]]> = [
    ["en", "Doors open at noon. Bring a friend!", ["Doors open at noon.", "Bring a friend!"]],
    ["de", "Das Fest ist am 21. Juni im Hof. Danach gibt es Kuchen.", ["Das Fest ist am 21. Juni im Hof.", "Danach gibt es Kuchen."]],
    ["en", "Meet Dr. Weber at the gate. Bring a friend.", ["Meet Dr. Weber at the gate.", "Bring a friend."]],
    ["en", "We meet at 5 St. James Street. Bring a friend.", ["We meet at 5 St. James Street.", "Bring a friend."]],
    ["en", "Bring snacks, e.g. fruit or nuts. Doors open at noon.", ["Bring snacks, e.g. fruit or nuts.", "Doors open at noon."]],
    ["en", "We expect approx. 200 guests. Tickets go fast.", ["We expect approx. 200 guests.", "Tickets go fast."]],
    ["en", "Room no. 5 is yours. Check in from noon.", ["Room no. 5 is yours.", "Check in from noon."]],
    [
      "fr",
      "Rendez-vous au n° 12 rue Victor Hugo. Apportez vos gobelets.",
      ["Rendez-vous au n° 12 rue Victor Hugo.", "Apportez vos gobelets."],
    ],
    ["fr", "Le Dr. Martin sera là. Venez nombreux.", ["Le Dr. Martin sera là.", "Venez nombreux."]],
    ["es", "Te espera la Sra. López. Somos aprox. 30 personas.", ["Te espera la Sra. López.", "Somos aprox. 30 personas."]],
    ["it", "Parla il Dott. Rossi. Ti aspettiamo.", ["Parla il Dott. Rossi.", "Ti aspettiamo."]],
    ["pt", "Fala o Dr. Silva. Cerca de aprox. 40 vagas. Até lá!", ["Fala o Dr. Silva.", "Cerca de aprox. 40 vagas.", "Até lá!"]],
    ["en", 'Our motto is "Grow slow. Eat well." and it shows. Join us.', ['Our motto is "Grow slow. Eat well." and it shows.', "Join us."]],
    ["en", "Our motto is “Grow slow. Eat well.” and it shows. Join us.", ["Our motto is “Grow slow. Eat well.” and it shows.", "Join us."]],
    ["fr", "Il a dit « Vous venez ? Oui. » puis il est parti. Merci.", ["Il a dit « Vous venez ? Oui. » puis il est parti.", "Merci."]],
  ];
  it.each(rows)("(%s) %j", (lang, prompt, sentences) => {
    const { line, slice } = only(prompt, lang);
    expect(line.sentences.map(slice)).toEqual(sentences);
  });

  it("reads a bullet's or a label's value as its own sentences", () => {
    const { lines, slice } = layout("- Mug, handmade in Leeds. Ships in a gift box.\nNote: ships in May. Gift wrap free.");
    expect(lines[0].sentences.map(slice)).toEqual(["Mug, handmade in Leeds.", "Ships in a gift box."]);
    expect(lines[1].sentences.map(slice)).toEqual(["ships in May.", "Gift wrap free."]);
  });
});

describe("layoutOf: every line", () => {
  it("gives each line its index, its range in the text and a body inside it", () => {
    const prompt = "Spring sale email for Bloom.\n\nProducts:\n- Mug $12\nName\tPrice\n---\nSee you soon!";
    const { text, lines } = layout(prompt);
    expect(lines.map((l) => text.slice(l.start, l.end))).toEqual(text.split("\n").filter((l) => l !== ""));
    lines.forEach((l, i) => {
      expect(l.index).toBe(i);
      expect(l.body.start).toBeGreaterThanOrEqual(l.start);
      expect(l.body.end).toBeLessThanOrEqual(l.end);
      for (const s of l.sentences) {
        expect(s.start).toBeGreaterThanOrEqual(l.body.start);
        expect(s.end).toBeLessThanOrEqual(l.body.end);
      }
    });
  });
});
