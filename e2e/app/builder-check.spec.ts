// The Check step with everything a brief holds: the marks on the prompt name the field each part
// filled, the parts not used are listed with their reason (and can become a sentence to the
// reader), and buttons, words not to mention and the rest are edited and kept across the steps.
// The brief is seeded the way the page carries it: the hidden JSON `brief` with its `understood`,
// which is what "← Back to what Kinetic understood" shows again.
import { expect, test, type Page } from "@playwright/test";
import { failOnScriptErrors, signIn } from "./helpers";

const PROMPT =
  "Spring launch for Tidewater Kayaks: the Coastline 12 ($899, was $1,099) and the Harbor 10 ($649). Carousel of the two boats. " +
  "Open day Saturday June 14, 10am at Pier 7 with guide Ana Ruiz: demo paddles, then lunch. Q: Do I need experience? A: No, guides help beginners. " +
  "Button: Book a demo https://tidewater.example/demo. Keep it short. Don't mention financing. Say the demo is free. " +
  "Subject: Your next kayak is here. P.S. our shop dog says hi.";

/** The prompt's words as a brief value (with their span), found after `after` when given. */
function at(words: string, after = "") {
  const start = PROMPT.indexOf(words, after ? PROMPT.indexOf(after) : 0);
  if (start < 0) throw new Error(`not in the prompt: ${words}`);
  return { value: words, span: { start, end: start + words.length } };
}
const usd = (display: string, minor: number) => ({ display, minor, currency: "USD", span: at(display).span });

/** What a reader of this prompt gives, over the brief the page read (its language, type, tone…). */
function seeded(read: Record<string, unknown>) {
  // What the current reader makes of the rest (a call to action, an audience) is left out: the fixture is the whole brief.
  const { cta: _cta, audience: _audience, product: _product, ...base } = read;
  return {
    ...base,
    items: [
      { name: at("Coastline 12"), price: usd("$899", 89900), was: usd("$1,099", 109900) },
      { name: at("Harbor 10"), price: usd("$649", 64900) },
    ],
    otherItems: [],
    offers: [],
    codes: [],
    links: [],
    message: [],
    conditions: [],
    quoted: [],
    questions: [],
    dates: [{ ...at("Saturday June 14, 10am"), governs: { kind: "event" } }],
    faq: [{ question: at("Do I need experience?"), answer: at("No, guides help beginners.") }],
    event: { when: at("Saturday June 14, 10am"), where: at("Pier 7"), who: [at("Ana Ruiz")], agenda: [at("demo paddles"), at("lunch")] },
    images: [],
    ctas: [{ label: at("Book a demo"), url: at("https://tidewater.example/demo") }],
    techniques: [{ technique: "carousel", span: at("Carousel").span, panes: [] }],
    length: { value: "short", span: at("short").span },
    subject: at("Your next kayak is here."),
    ruledOut: [at("financing")],
    says: [at("the demo is free")],
    instructions: [
      { kind: "length", text: at("Keep it short.") },
      { kind: "avoid", text: at("Don't mention financing.") },
      { kind: "say", text: at("Say the demo is free.") },
    ],
    unused: [{ text: at("P.S. our shop dog says hi."), reason: "An aside: it says nothing the email is about" }],
  };
}

/** The prompt read, then the Check step shown again from the seeded brief. */
async function openSeededCheck(page: Page, width: number, height = 1000) {
  await page.setViewportSize({ width, height });
  await signIn(page);
  await page.getByLabel("Prompt").fill(PROMPT);
  await page.getByRole("button", { name: "Continue →" }).click();
  await expect(page.getByRole("heading", { name: "What Kinetic understood" })).toBeVisible();
  const read = JSON.parse(await page.locator("input[name='u.read']").inputValue());
  const settings = JSON.parse(await page.locator("input[name=brief]").inputValue());
  const brief = JSON.stringify({ ...settings, understood: seeded(read) });
  await page.locator("input[name=brief]").evaluate((el: HTMLInputElement, value: string) => (el.value = value), brief);
  // A page brief carrying a confirmed `understood` goes back to the Check step showing it.
  await page.getByRole("button", { name: "← Back to the prompt" }).click();
  await expect(page.getByTestId("understood-unused")).toBeVisible();
}

const marks = (page: Page) => page.getByTestId("prompt-read").locator("mark");
const mark = (page: Page, tag: string) => marks(page).filter({ has: page.locator(".bld-mark-tag", { hasText: tag }) });

test.describe("with JavaScript", () => {
  failOnScriptErrors();

  test("marks name their fields, the parts not used are listed, and edits to buttons and ruled-out words are kept", async ({ page }) => {
    // Tall enough for the screenshot to show the parts not used and the instructions beside the prompt.
    await openSeededCheck(page, 1280, 1440);

    // Every mark names what its words became.
    for (const [tag, words] of [
      ["Brand", "Tidewater Kayaks"],
      ["Item 1 · price", "$899"],
      ["Item 1 · former price", "$1,099"],
      ["Item 2", "Harbor 10"],
      ["Button 1 · link", "https://tidewater.example/demo"],
      ["Event · where", "Pier 7"],
      ["Event · person 1", "Ana Ruiz"],
      ["FAQ 1 · answer", "No, guides help beginners."],
      ["Module · Carousel", "Carousel"],
      ["Don't mention 1", "financing"],
      ["Say 1", "the demo is free"],
      ["Subject", "Your next kayak is here."],
      ["Instruction · length", "Keep it"],
      ["Not used", "P.S. our shop dog says hi."],
    ])
      await expect(mark(page, tag).first(), tag).toContainText(words);
    await expect(mark(page, "Not used")).toHaveClass(/bld-mark-unused/);
    await expect(mark(page, "Instruction · avoid")).toHaveClass(/bld-mark-instruction/);

    // The part not used, with its reason, tied to its mark.
    const unused = page.getByTestId("understood-unused");
    await expect(unused).toContainText("“P.S. our shop dog says hi.”");
    await expect(unused).toContainText("An aside: it says nothing the email is about");
    const target = await unused.getByRole("link", { name: "“P.S. our shop dog says hi.”" }).getAttribute("href");
    await expect(page.locator(target ?? "#none")).toContainText("Not used");

    // The instructions, read-only.
    const instructions = page.getByTestId("understood-instructions");
    await expect(instructions).toContainText("Kinetic will follow these, and never print them.");
    await expect(instructions.locator("li")).toHaveCount(3);
    await expect(instructions.locator("li").first()).toContainText("length");

    // The new sections hold what was read.
    await expect(page.locator("#bld-u-items-0-was")).toHaveValue("$1,099");
    await expect(page.locator("#bld-u-ctas-0-label")).toHaveValue("Book a demo");
    await expect(page.locator("#bld-u-ctas-0-url")).toHaveValue("https://tidewater.example/demo");
    await expect(page.locator("#bld-u-faq-0-question")).toHaveValue("Do I need experience?");
    await expect(page.locator("#bld-u-event-when")).toHaveValue("Saturday June 14, 10am");
    await expect(page.locator("#bld-u-event-agenda-1")).toHaveValue("lunch");
    await expect(page.locator("#bld-u-says-0")).toHaveValue("the demo is free");
    await expect(page.locator("#bld-u-ruledOut-0")).toHaveValue("financing");
    await expect(page.getByLabel("Length")).toHaveValue("short");
    await expect(page.locator("#bld-u-subject")).toHaveValue("Your next kayak is here.");
    await expect(page.getByTestId("understood-techniques")).toContainText("Carousel");

    // Focusing a field lights up the words it was read from.
    await page.locator("#bld-u-items-0-was").focus();
    await expect(page.getByTestId("prompt-read").locator("mark.bld-mark-on")).toHaveText(/\$1,099$/);

    await page.locator("#bld-u-items-0-was").blur();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: "docs/screenshots/check-step.png" });

    // Edits: a button's link (http is refused), a word not to mention, and the aside used as a sentence.
    await page.locator("#bld-u-ctas-0-url").fill("http://tidewater.example/book");
    await page.locator("#bld-u-ruledOut-0").fill("loans");
    await page.getByRole("button", { name: "Write the copy →" }).click();
    await expect(page.locator("#err-u-ctas-0-url")).toHaveText("A button's link starts with https://");
    await expect(page.locator("#bld-u-ctas-0-url")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("field-errors")).toContainText("Button 1 · link");
    await expect(page.locator("#bld-u-ruledOut-0")).toHaveValue("loans");
    await page.locator("#bld-u-ctas-0-url").fill("https://tidewater.example/book");

    await page.getByRole("button", { name: "Use as a sentence to the reader" }).click();
    await expect(page.locator("#bld-u-message-0")).toHaveValue("P.S. our shop dog says hi.");
    await expect(page.getByTestId("understood-unused")).toHaveCount(0);
    await expect(mark(page, "Message 1")).toContainText("P.S. our shop dog says hi.");
    await expect(page.getByTestId("understood-coverage")).toContainText("Every part of your prompt is used");
    // The use posted the form: the edits typed before it are kept, now as the user's own.
    await expect(page.locator("#bld-u-ctas-0-url")).toHaveValue("https://tidewater.example/book");
    await expect(page.locator("label[for=bld-u-ctas-0-url]")).not.toContainText("in your prompt");
    await expect(page.locator("label[for=bld-u-ctas-0-label]")).toContainText("in your prompt");
    await expect(mark(page, "Don't mention 1")).toHaveCount(0);

    await page.getByRole("button", { name: "Write the copy →" }).click();
    await expect(page.getByRole("heading", { name: "Review the copy" })).toBeVisible();

    await page.getByRole("button", { name: "← Back to what Kinetic understood" }).click();
    await expect(page.getByRole("heading", { name: "What Kinetic understood" })).toBeVisible();
    await expect(page.locator("#bld-u-ctas-0-url")).toHaveValue("https://tidewater.example/book");
    await expect(page.locator("#bld-u-ruledOut-0")).toHaveValue("loans");
    await expect(page.locator("#bld-u-message-0")).toHaveValue("P.S. our shop dog says hi.");
    await expect(mark(page, "Message 1")).toContainText("P.S. our shop dog says hi.");
    await expect(page.locator("#bld-u-ctas-0-label")).toHaveValue("Book a demo");
    await expect(mark(page, "Button 1")).toContainText("Book a demo");
    await expect(page.locator("#bld-u-items-0-was")).toHaveValue("$1,099");
  });

  test("the Check step on a phone", async ({ page }) => {
    await openSeededCheck(page, 390);
    await expect(mark(page, "Item 1 · price")).toContainText("$899");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: "docs/screenshots/check-step-mobile.png", fullPage: true });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a part not used becomes a sentence to the reader, and a module short of slides asks for them", async ({ page }) => {
    await openSeededCheck(page, 1280);
    // Every span stays marked.
    await expect(mark(page, "Not used")).toContainText("P.S. our shop dog says hi.");
    // The carousel has its two items: no ask. Removing one leaves it one slide short.
    await expect(page.getByTestId("understood-techniques").getByTestId("understood-ask")).toHaveCount(0);
    await page.getByRole("button", { name: "Remove item 2" }).click();
    await expect(page.getByTestId("understood-techniques").getByTestId("understood-ask")).toHaveText(
      "The carousel needs at least two slides: add items or slides",
    );
    await page.getByRole("button", { name: "+ Add a slide" }).click();
    await page.locator("#bld-u-techniques-0-panes-0").fill("The Coastline 12 at dawn");
    await page.getByRole("button", { name: "+ Add a slide" }).click();
    await page.locator("#bld-u-techniques-0-panes-1").fill("The Coastline 12 at dusk");
    await page.getByRole("button", { name: "Use as a sentence to the reader" }).click();
    await expect(page.locator("#bld-u-message-0")).toHaveValue("P.S. our shop dog says hi.");
    await expect(page.locator("#bld-u-techniques-0-panes-1")).toHaveValue("The Coastline 12 at dusk");
    await page.getByRole("button", { name: "Write the copy →" }).click();
    await expect(page.getByRole("heading", { name: "Review the copy" })).toBeVisible();
  });
});
