/**
 * Hand-written emails that follow docs/email-markup.md, for the QA and auto-fix tests: small
 * enough to read, independent of the renderer so the checks are tested against the contract.
 */

export const GOOD_COPY = {
  subject: "Spring menu is here",
  preheader: "Three new dishes, one week only",
  sections: [{ role: "hero", headline: "Taste spring", body: "Fresh produce from local farms, cooked simply.", cta: "Book a table" }],
  items: [
    { label: "Starters", headline: "Pea soup", body: "Mint and crème fraîche." },
    { label: "Mains", headline: "Lamb shoulder", body: "Slow roasted for seven hours." },
  ],
};

function tabsModule(ns: string, items = GOOD_COPY.items): string {
  const radios = items
    .map((_, i) => `<input type="radio" name="${ns}-tab" id="${ns}-tab-${i}" class="${ns}-radio"${i === 0 ? " checked" : ""} style="display:none">`)
    .join("");
  const labels = items.map((it, i) => `<label for="${ns}-tab-${i}" class="${ns}-tab-label" style="display:inline-block;padding:12px 16px;font-size:16px;color:#1a1a1a">${it.label}</label>`).join("");
  const panels = items
    .map((it, i) => `<div class="${ns}-panel" data-kx-item="${i}" style="font-size:16px;color:#1a1a1a"><h3 style="font-size:20px;color:#1a1a1a">${it.headline}</h3><p style="font-size:16px;color:#1a1a1a">${it.body}</p></div>`)
    .join("");
  const fb = items.map((it) => `<h3 style="font-size:20px;color:#1a1a1a">${it.label}: ${it.headline}</h3><p style="font-size:16px;color:#1a1a1a">${it.body}</p>`).join("");
  return `<div class="kx-module" data-kx-technique="tabs" data-kx-ns="${ns}">
<!--[if !mso]><!--><input type="checkbox" class="kx-probe ${ns}-probe" id="${ns}-probe" checked style="display:none!important;mso-hide:all">
<div class="kx-int ${ns}-int" style="display:none;max-height:0;overflow:hidden;mso-hide:all">${radios}${labels}${panels}</div>
<!--<![endif]--><div class="kx-fb ${ns}-fb" style="font-size:16px;color:#1a1a1a">${fb}</div></div>`;
}

function accordionModule(ns: string): string {
  const items = GOOD_COPY.items;
  const boxes = items.map((_, i) => `<input type="checkbox" id="${ns}-item-${i}" class="${ns}-toggle" style="display:none">`).join("");
  const parts = items
    .map((it, i) => `<label for="${ns}-item-${i}" class="${ns}-head" style="display:block;padding:14px;font-size:16px;color:#1a1a1a">${it.label}</label><div class="${ns}-panel" data-kx-item="${i}" style="font-size:16px;color:#1a1a1a">${it.headline} ${it.body}</div>`)
    .join("");
  const fb = items.map((it) => `<p style="font-size:16px;color:#1a1a1a">${it.label} ${it.headline} ${it.body}</p>`).join("");
  return `<div class="kx-module" data-kx-technique="accordion" data-kx-ns="${ns}">
<!--[if !mso]><!--><input type="checkbox" class="kx-probe ${ns}-probe" id="${ns}-probe" checked style="display:none!important;mso-hide:all">
<div class="kx-int ${ns}-int" style="display:none;max-height:0;overflow:hidden;mso-hide:all">${boxes}${parts}</div>
<!--<![endif]--><div class="kx-fb ${ns}-fb">${fb}</div></div>`;
}

function revealCss(ns: string): string {
  return `.${ns}-probe:checked ~ .${ns}-int { display:block !important; max-height:none !important; overflow:visible !important; }
.${ns}-probe:checked ~ .${ns}-fb { display:none !important; }
.${ns}-radio:checked + .${ns}-panel { display:block !important; }`;
}

/** A complete, passing email; `modules` picks tabs, accordion or both. */
export function goodEmail(modules: ("tabs" | "accordion")[] = ["tabs"]): string {
  const nsFor = (i: number) => `k${i + 1}`;
  const body = modules.map((m, i) => (m === "tabs" ? tabsModule(nsFor(i)) : accordionModule(nsFor(i)))).join("\n");
  const s = GOOD_COPY.sections[0];
  return `<!DOCTYPE html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<title>${GOOD_COPY.subject}</title>
<style>
${modules.map((_, i) => revealCss(nsFor(i))).join("\n")}
u + .body .kx-int { display:none !important; } u + .body .kx-fb { display:block !important; }
[class~="x_kx-int"] { display:none !important; } [class~="x_kx-fb"] { display:block !important; }
@media (prefers-color-scheme: dark) { .kx-bg { background-color:#111111 !important; } }
</style></head>
<body class="body" style="margin:0;background-color:#ffffff">
<div class="kx-preheader" style="display:none;max-height:0;overflow:hidden;mso-hide:all">${GOOD_COPY.preheader}</div>
<a class="kx-vib" href="{{VIB_URL}}" style="font-size:12px;color:#4d4d4d">View in browser</a>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td align="center">
<table role="presentation" class="kx-container" width="600" cellpadding="0" cellspacing="0" border="0" style="background-color:#ffffff">
<tr class="kx-section" data-kx-section="hero" data-kx-role="hero"><td style="padding:24px;font-family:Arial,sans-serif;font-size:16px;line-height:24px;color:#1a1a1a">
<img src="https://example.com/hero.png" alt="A bowl of pea soup" width="552" height="300" style="display:block">
<h1 style="font-size:28px;color:#1a1a1a">${s.headline}</h1><p style="font-size:16px;color:#1a1a1a">${s.body}</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td bgcolor="#0b5cad" style="padding:14px 24px;border-radius:4px">
<a href="https://example.com/book?u={{UUID}}" style="color:#ffffff;font-size:16px;line-height:20px;text-decoration:none">${s.cta}</a></td></tr></table>
</td></tr>
<tr class="kx-section" data-kx-section="menu" data-kx-role="interactive"><td style="padding:24px;font-family:Arial,sans-serif;font-size:16px;color:#1a1a1a">
${body}
</td></tr>
<tr><td class="kx-footer" style="padding:24px;font-size:12px;color:#4d4d4d"><a href="{{UNSUBSCRIBE_URL}}" style="color:#4d4d4d">Unsubscribe</a></td></tr>
</table></td></tr></table>
</body></html>`;
}
