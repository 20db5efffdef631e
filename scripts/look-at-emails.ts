// `npx tsx scripts/look-at-emails.ts [--only id,id] [--out artifacts/look]`
//
// Twelve realistic prompts of different types and languages, each generated with the offline
// local engines (the real service, a temporary database), then screenshotted at 600 and 360 px
// as the reader first sees them. Beside each pair of PNGs it writes the email's visible text,
// its brief and the claims QA's fact trace could not trace to the brief, so a person can read
// every email as the marketer who must send it. Nothing here asserts: it is for looking.
import fs from "node:fs";
import path from "node:path";
import { fail, parseArgs, stringFlag } from "./lib/args";
import { useOfflineTempEnv } from "./lib/offline-env";

const USAGE = "usage: npx tsx scripts/look-at-emails.ts [--only id,id] [--out artifacts/look]";

// Configuration is read once, on the first import of the app: set it before importing anything.
const dataDir = useOfflineTempEnv("look-at-emails");

const LOOK_PROMPTS: Array<{ id: string; emailType?: string; prompt: string }> = [
  {
    id: "gift-guide-en",
    emailType: "promotional",
    prompt:
      "Holiday gift guide for Juniper & Oak, our home goods shop. Feature the Cedar candle ($28), the Linen throw ($64) and the Walnut serving board ($45). Free gift wrapping on orders over $50 until December 20. Separately, 15% off everything with code GIFT15. Link: https://juniperoak.example/gifts",
  },
  {
    id: "nps-survey-en",
    emailType: "survey",
    prompt:
      "NPS survey for Ledgerly customers: how likely are you to recommend Ledgerly to a colleague (0-10)? Then ask which feature they use most: Invoicing, Expense tracking, or Reports. Survey link: https://ledgerly.example/nps",
  },
  {
    id: "saas-launch-en",
    emailType: "announcement",
    prompt:
      "Product launch email for Tasklane: we're launching Tasklane Automations, which lets teams build rules that move tasks between boards automatically. Available on the Pro plan at $12 per user per month. Read more at https://tasklane.example/automations",
  },
  {
    id: "fundraising-en",
    emailType: "nonprofit",
    prompt:
      "Fundraising appeal for Clearwater Trust: help us bring clean water to 40 villages in northern Kenya. $25 funds a water filter for one family; $100 helps repair a community well. Our year-end campaign closes December 31. Donate at https://clearwatertrust.example/give",
  },
  {
    id: "event-invite-en",
    emailType: "event",
    prompt:
      "Invitation to the Northside Makers Fair by Brickyard Studios on Saturday, June 14, 10am–5pm at the Old Brickyard, 12 Mill Street, Portland. Over 60 local makers, live music and workshops. Free entry, RSVP at https://brickyard.example/fair",
  },
  {
    id: "onboarding-en",
    emailType: "onboarding",
    prompt:
      "Welcome email for new users of Pocketbook, our budgeting app. Three steps to get started: connect your bank account, set a monthly budget, turn on spending alerts. Open the app at https://pocketbook.example/start",
  },
  {
    id: "menu-fr",
    emailType: "restaurant",
    prompt:
      "Menu de la semaine du Bistrot Martin : velouté de potiron à 8 €, confit de canard à 18,90 € et tarte Tatin à 14,50 €. Réservez votre table sur https://bistrotmartin.example/reserver",
  },
  {
    id: "sale-cart-de",
    emailType: "promotional",
    prompt:
      "Sommerschlussverkauf bei Waldlauf Outdoor: Trekkingrucksack für 89,90 €, Regenjacke für 59 € und Stirnlampe für 24,50 €. Kostenloser Versand ab 40 € bis 31. August. Warenkorb zum Zusammenstellen. Zum Shop: https://waldlauf.example/sale",
  },
  {
    id: "newsletter-es",
    emailType: "newsletter",
    prompt:
      "Boletín de mayo de Huerta Viva con tres historias: cómo plantar tomates en macetas, la nueva huerta comunitaria de Valencia y entrevista con la agricultora Marta Ruiz. Lee más en https://huertaviva.example/boletin",
  },
  {
    id: "quiz-it",
    emailType: "quiz",
    prompt:
      "Quiz per gli iscritti di Caffè Aurora: quale paese produce più caffè al mondo? Opzioni: Brasile, Vietnam, Colombia. La risposta giusta è Brasile. Scopri le nostre miscele su https://caffeaurora.example/miscele",
  },
  {
    id: "reengage-pt",
    emailType: "re-engagement",
    prompt:
      "E-mail de reengajamento da Casa Lume para clientes inativos: sentimos sua falta! Volte e aproveite a luminária Aurora por R$ 39,90 e 10% de desconto com o cupom VOLTA10 até 30 de setembro. Acesse https://casalume.example/volta",
  },
  {
    id: "webinar-b2b-en",
    emailType: "event",
    prompt:
      "B2B webinar invitation from Stackwise: 'Cutting cloud costs without slowing down', Thursday, March 6 at 11:00 ET, 45 minutes, with Priya Shah, Head of Platform at Stackwise. For engineering leaders. Register at https://stackwise.example/webinar",
  },
];

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2), { strings: ["out", "only"], booleans: ["help"] }, USAGE);
  if (args.flags.help) {
    console.log(USAGE);
    return 0;
  }
  const out = stringFlag(args, "out") ?? "artifacts/look";
  const only = stringFlag(args, "only")
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const entries = only ? LOOK_PROMPTS.filter((p) => only.includes(p.id)) : LOOK_PROMPTS;
  if (entries.length === 0) fail("no prompt matches --only", USAGE);
  fs.mkdirSync(out, { recursive: true });

  const [
    { getApp },
    { bootstrap },
    users,
    generation,
    { GenerateRequestSchema },
    { traceEmail },
    { parseEmail },
    { textOf },
    interactivity,
    { openEmail },
  ] = await Promise.all([
    import("../app/composition/app.server"),
    import("../app/services/bootstrap.server"),
    import("../app/models/users.server"),
    import("../app/services/generation.server"),
    import("../app/domain/requests/generation"),
    import("../app/domain/qa/qa"),
    import("../app/domain/html/parse"),
    import("../app/domain/html/text"),
    import("./lib/interactivity"),
    import("../e2e/email/helpers"),
  ]);

  const app = await getApp();
  await bootstrap();
  const created = await users.createUser(app.database.db, {
    email: "look@kinetic.local",
    password: "look-at-emails-password",
    credits: 1_000_000,
  });
  if (!created.ok) throw new Error(created.error);

  const browser = await interactivity.launchChromium();
  try {
    const context = await browser.newContext();
    // tsx's keepNames wraps functions handed to page.evaluate in a Node-only `__name(...)`.
    await context.addInitScript({ content: "globalThis.__name = globalThis.__name || ((fn) => fn);" });
    const page = await context.newPage();
    for (const entry of entries) {
      const parsed = GenerateRequestSchema.safeParse({ ...entry, useRAG: false });
      if (!parsed.success) throw new Error(`${entry.id}: invalid request`);
      const prepared = generation.prepareGeneration(parsed.data);
      if (!prepared.ok) throw new Error(`${entry.id}: ${prepared.error}`);
      const result = await generation.generate(app, created.user, prepared.value);
      if (!result.ok) throw new Error(`${entry.id}: ${result.error}`);
      const { html, brief, metadata } = result.value;
      const doc = parseEmail(html);
      const trace = traceEmail(doc, { brief, userText: [entry.prompt] });
      const hrefs = (doc.byTag.get("a") ?? []).map((a) => a.attribs.href ?? "").filter((h) => /^https?:/.test(h));
      const text = textOf(doc.body ?? doc.document)
        .replace(/[ \t]+/g, " ")
        .replace(/\n\s*\n+/g, "\n")
        .trim();
      const notes = [
        `prompt: ${entry.prompt}`,
        `techniques: ${metadata.techniques.join(", ")}   QA ${metadata.qa.score}   failed: ${metadata.qa.failedChecks.map((c) => c.id).join(", ") || "none"}`,
        `untraced claims: ${trace.untraced.map((u) => `${u.kind} "${u.claim}"`).join("; ") || "none"}`,
        `links: ${[...new Set(hrefs)].join("  ")}`,
        "",
        text,
        "",
        JSON.stringify(brief, null, 2),
      ].join("\n");
      fs.writeFileSync(path.join(out, `${entry.id}.txt`), notes);
      fs.writeFileSync(path.join(out, `${entry.id}.html`), html);
      for (const width of [600, 360]) {
        await openEmail(page, html, width);
        // A short viewport, so the full-page shot ends where the email does.
        await page.setViewportSize({ width, height: 200 });
        await page.screenshot({ path: path.join(out, `${entry.id}-${width}.png`), fullPage: true });
      }
      console.log(`${entry.id}: QA ${metadata.qa.score}, ${trace.untraced.length} untraced, ${metadata.techniques.join("+")}`);
    }
  } finally {
    await browser.close();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
