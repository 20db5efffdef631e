// A small table of the faults of the brief QA holds below "Ready to send" (docs/qa.md): each kind
// of mutation on one correct email fails copy-verbatim and scores lower than the correct email.
// The full mutation run (≥ 100 emails × 7 kinds) is `npm run generate:check`.
import { describe, expect, it } from "vitest";
import { readPrompt } from "~/domain/brief/read";
import { goodEmail } from "../../../test/fixtures/emails";
import { qa, READY_TO_SEND_MIN_SCORE } from "./qa";

const PROMPT =
  "Survey from Ledgerly Bistro: Pea soup $6.50, Lamb shoulder $24. Free dessert over $40 until May 3, and 10% off with code SPRING10. Which dish do you prefer? Soup, Lamb or Tart. Answer at https://ledgerly.example/survey";

function emailWith(...lines: string[]): string {
  const body = lines.map((l) => `<p style="font-size:16px;color:#1a1a1a">${l}</p>`).join("");
  return goodEmail([]).replace(
    "Fresh produce from local farms, cooked simply.</p>",
    `Fresh produce from local farms, cooked simply.</p>${body}`,
  );
}

const CORRECT = [
  "Ledgerly Bistro",
  "Pea soup $6.50",
  "Lamb shoulder $24",
  "Free dessert over $40 until May 3.",
  "10% off with code SPRING10.",
  "Which dish do you prefer?",
  "Soup",
  "Lamb",
  "Tart",
  '<a href="https://ledgerly.example/survey">Answer</a>',
];

function score(lines: string[]) {
  const { brief, facts } = readPrompt(PROMPT);
  return qa(emailWith(...lines), { facts, brief, userText: [PROMPT] });
}

const without = (line: string) => CORRECT.filter((l) => l !== line);
const replaced = (line: string, by: string) => CORRECT.map((l) => (l === line ? by : l));

describe("faults of the brief", () => {
  const original = score(CORRECT);

  it("a correct email is Ready to send", () => {
    const c = original.checks.find((x) => x.id === "copy-verbatim")!;
    expect(c.passed, c.message).toBe(true);
    expect(original.score).toBeGreaterThanOrEqual(READY_TO_SEND_MIN_SCORE);
  });

  // [mutation, the email's lines, words the failure names]
  const TABLE: Array<[string, string[], string]> = [
    ["remove an item", without("Lamb shoulder $24"), "Lamb shoulder"],
    ["change a price", replaced("Pea soup $6.50", "Pea soup $11.50"), "$11.50"],
    ["add an invented claim", [...CORRECT, "Free returns on every order."], "Free returns"],
    ["move a condition to another offer", replaced("10% off with code SPRING10.", "10% off over $40 with code SPRING10."), "$40"],
    ["drop an option", without("Tart"), "Tart"],
    ["lose the brand", without("Ledgerly Bistro"), "Ledgerly Bistro"],
    [
      "break a link (to nothing)",
      replaced('<a href="https://ledgerly.example/survey">Answer</a>', '<a href="#">Answer</a>'),
      "ledgerly.example/survey",
    ],
    [
      "break a link (elsewhere)",
      replaced('<a href="https://ledgerly.example/survey">Answer</a>', '<a href="https://nowhere.invalid/">Answer</a>'),
      "nowhere.invalid",
    ],
  ];

  it.each(TABLE)("%s: fails copy-verbatim, scores lower and is not Ready to send", (_name, lines, named) => {
    const r = score(lines);
    const c = r.checks.find((x) => x.id === "copy-verbatim")!;
    expect(c.passed).toBe(false);
    expect(c.message).toContain(named);
    expect(r.score).toBeLessThan(original.score);
    expect(r.score).toBeLessThan(READY_TO_SEND_MIN_SCORE);
    expect(r.checks).toHaveLength(28);
  });

  it("holds an email 3 points lower for each further fault", () => {
    const one = score(without("Tart")).score;
    // The lamb line holds two facts of the brief: the item and its price.
    const three = score(without("Tart").filter((l) => l !== "Lamb shoulder $24")).score;
    expect(one).toBe(85);
    expect(three).toBe(79);
  });

  it("an option's words inside the question do not answer it", () => {
    const r = score([...without("Tart"), "Soup, Lamb or Tart?"]);
    expect(r.checks.find((x) => x.id === "copy-verbatim")!.message).toContain("option “Tart”");
  });
});
