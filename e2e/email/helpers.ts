import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { render } from "../../app/domain/render";
import type { Blueprint } from "../../app/domain/blueprint/schema";

export const SCREEN_DIR = "test-results/email-screens";

export function htmlOf(bp: Blueprint): string {
  const r = render(bp);
  if (!r.ok) throw new Error(`fixture does not render: ${JSON.stringify(r.issues)}`);
  return r.html;
}

/** Sample images are served locally (no network here): a soft gradient of the requested size. */
function placeholderSvg(url: string): string {
  const m = /-(\d+)x(\d+)\.jpg$/.exec(url);
  const w = m ? Number(m[1]) : 600;
  const h = m ? Number(m[2]) : 300;
  const hue = [...url].reduce((a, ch) => (a * 31 + ch.charCodeAt(0)) % 360, 7);
  if (/logo/.test(url)) {
    // A dark mark on a transparent background: the logo that disappears on a dark page unless it sits on a plate.
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
      `<circle cx="${h / 2}" cy="${h / 2}" r="${h * 0.42}" fill="#1f2937"/><circle cx="${h / 2}" cy="${h / 2}" r="${h * 0.2}" fill="hsl(${hue},70%,55%)"/>` +
      `<rect x="${h * 1.2}" y="${h * 0.28}" width="${w - h * 1.4}" height="${h * 0.18}" rx="${h * 0.09}" fill="#1f2937"/>` +
      `<rect x="${h * 1.2}" y="${h * 0.56}" width="${(w - h * 1.4) * 0.6}" height="${h * 0.14}" rx="${h * 0.07}" fill="#6b7280"/></svg>`
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},50%,45%)"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="${w * 0.78}" cy="${h * 0.3}" r="${h * 0.22}" fill="rgba(255,255,255,0.25)"/>` +
    `<path d="M0 ${h} L${w * 0.35} ${h * 0.55} L${w * 0.6} ${h * 0.8} L${w * 0.8} ${h * 0.6} L${w} ${h * 0.85} L${w} ${h} Z" fill="rgba(0,0,0,0.18)"/></svg>`
  );
}

export async function openEmail(page: Page, html: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.route("https://images.kinetic.example/**", (route) =>
    route.fulfill({ status: 200, contentType: "image/svg+xml", body: placeholderSvg(route.request().url()) }),
  );
  await page.setContent(html, { waitUntil: "load" });
}

export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, "horizontal overflow").toBeLessThanOrEqual(client);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREEN_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREEN_DIR}/${name}.png`, fullPage: true });
}

/**
 * Text that CSS generated content shows inside elements with the class (counters are not in the
 * DOM): read from Chromium's layout tree through the DevTools DOMSnapshot domain.
 */
export async function generatedText(page: Page, cls: string): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const snap = await cdp.send("DOMSnapshot.captureSnapshot", { computedStyles: [] });
    const doc = snap.documents[0]!;
    const str = (i: number | undefined) => (i === undefined || i < 0 ? "" : snap.strings[i]!);
    const parents = doc.nodes.parentIndex ?? [];
    const attrs = doc.nodes.attributes ?? [];
    const hasClass = (node: number) => {
      const a = attrs[node] ?? [];
      for (let k = 0; k < a.length; k += 2)
        if (
          str(a[k]) === "class" &&
          str(a[k + 1])
            .split(/\s+/)
            .includes(cls)
        )
          return true;
      return false;
    };
    let out = "";
    doc.layout.nodeIndex.forEach((node, li) => {
      const text = str(doc.layout.text[li]);
      if (!text) return;
      for (let n = node, depth = 0; n >= 0 && depth < 3; n = parents[n] ?? -1, depth++) {
        if (hasClass(n)) {
          out += text;
          return;
        }
      }
    });
    return out;
  } finally {
    await cdp.detach();
  }
}
