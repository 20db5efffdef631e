// Proves an email's interactive modules work in a real browser, the way the renderer's e2e proof
// does (e2e/email): every control of every module is clicked and the visible change asserted with
// the same drivers, then every rule mentioning :checked is deleted (a Gmail-like client) and each
// module must fall back to its static block. Used by `npm run generate:check`.
import { chromium, type Browser, type Page } from "@playwright/test";
import { moduleNs, type Blueprint } from "../../app/domain/blueprint/schema";
import { DRIVERS } from "../../e2e/email/drivers";
import { simulateWebmail } from "../../app/domain/html/webmail-simulation";
import { openEmail } from "../../e2e/email/helpers";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

export interface ControlResult {
  ns: string;
  technique: string;
  /** Every control clicked changed what the reader sees, as the driver expects. */
  works: boolean;
  /** With :checked rules deleted, the static block shows and the interactive one hides. */
  fallbackWorks: boolean;
  error?: string;
}

export interface InteractivityResult {
  ok: boolean;
  modules: ControlResult[];
}

/** The first line of a Playwright assertion error: enough to say what did not change. */
function short(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/\u001b\[[0-9;]*m/g, "");
  const lines = plain
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const locator = lines.find((l) => l.startsWith("Locator:"));
  return [lines[0], locator].filter(Boolean).join(" — ").slice(0, 240);
}

async function isVisible(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().isVisible();
}

/**
 * Opens `html` twice in fresh pages of `browser` at `width`: once to drive every module of
 * `blueprint`, once without :checked to prove the fallback. Assertion timeouts are short because
 * the email is static: a change either happens on the click or never.
 */
export async function checkInteractivity(browser: Browser, html: string, blueprint: Blueprint, width = 600): Promise<InteractivityResult> {
  const modules: ControlResult[] = blueprint.interactiveConfig.modules.map((m, i) => ({
    ns: moduleNs(m, i),
    technique: m.technique,
    works: false,
    fallbackWorks: false,
  }));
  const context = await browser.newContext();
  // tsx compiles with esbuild's keepNames, which wraps functions the e2e helpers hand to
  // page.evaluate in a `__name(...)` call that only exists in Node.
  await context.addInitScript({ content: "globalThis.__name = globalThis.__name || ((fn) => fn);" });
  try {
    const page = await context.newPage();
    await openEmail(page, html, width);
    for (const [i, m] of blueprint.interactiveConfig.modules.entries()) {
      const r = modules[i]!;
      try {
        if (!(await isVisible(page, `.${r.ns}-int`))) throw new Error(`.${r.ns}-int is not visible where :checked works`);
        if (await isVisible(page, `.${r.ns}-fb`)) throw new Error(`.${r.ns}-fb is still visible where :checked works`);
        await DRIVERS[m.technique](page, r.ns, m);
        r.works = true;
      } catch (error) {
        r.error = short(error);
      }
    }
    await page.close();

    // As Gmail shows it (app/domain/html/webmail-simulation.ts, the builder's preview too).
    const plain = await context.newPage();
    await openEmail(plain, simulateWebmail(html, "gmail").html, width);
    for (const r of modules) {
      const fb = await isVisible(plain, `.${r.ns}-fb`);
      const int = await isVisible(plain, `.${r.ns}-int`);
      r.fallbackWorks = fb && !int;
      if (!r.fallbackWorks)
        r.error = [r.error, `without :checked: fallback ${fb ? "shown" : "hidden"}, interactive block ${int ? "shown" : "hidden"}`]
          .filter(Boolean)
          .join("; ");
    }
  } finally {
    await context.close();
  }
  return { ok: modules.every((m) => m.works && m.fallbackWorks), modules };
}
