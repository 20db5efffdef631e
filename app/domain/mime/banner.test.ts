import { parseDocument, DomUtils } from "htmlparser2";
import { attributionBanner, attributionBannerAmp } from "./banner";

describe("attributionBanner", () => {
  it("inserts an escaped bar right after <body> and changes nothing else", () => {
    const html = `<!DOCTYPE html><html><head><title>t</title></head><body class="body"><p>Hello</p></body></html>`;
    const out = attributionBanner(html, `eve<script>@x.com`, "Kinetic");
    const at = out.indexOf(`<body class="body">`) + `<body class="body">`.length;
    expect(out.slice(at)).toMatch(/^<table role="presentation" class="kx-attribution"/);
    expect(out).toContain("Sent to you by <strong>eve&lt;script&gt;@x.com</strong> using Kinetic");
    expect(out).not.toContain("<script>");
    const bannerEnd = out.indexOf("</table>") + "</table>".length;
    expect(out.slice(0, at) + out.slice(bannerEnd)).toBe(html);
  });

  it("goes after the hidden preheader so the inbox preview keeps it", () => {
    const html = `<body class="body">\n<div class="kx-preheader" style="display:none"><div>Big</div> news</div><a class="kx-vib" href="#">View</a></body>`;
    const out = attributionBanner(html, "a@b.c", "K");
    const doc = parseDocument(out);
    const body = DomUtils.findOne((e) => e.name === "body", doc.children)!;
    const elements = body.children.filter((c) => c.type === "tag") as { attribs: Record<string, string> }[];
    expect(elements.map((e) => e.attribs.class)).toEqual(["kx-preheader", "kx-attribution", "kx-vib"]);
  });

  it("prepends when the document has no body tag", () => {
    expect(attributionBanner("<p>x</p>", "a@b.c", "K")).toMatch(/^<table[^>]*kx-attribution[\s\S]*<\/table><p>x<\/p>$/);
  });
});

describe("attributionBannerAmp", () => {
  const amp = `<!doctype html><html ⚡4email data-css-strict><head><meta charset="utf-8"><script async src="https://cdn.ampproject.org/v0.js"></script><style amp4email-boilerplate>body{visibility:hidden}</style><style amp-custom>.x{color:red}</style></head><body><p>Hi</p></body></html>`;

  it("uses a class whose rule is appended to <style amp-custom>, with no inline style", () => {
    const out = attributionBannerAmp(amp, "a&b@x.com", "Kinetic");
    expect(out).toContain(`<style amp-custom>.x{color:red}.kx-attribution{`);
    expect(out).toContain(`<body><div class="kx-attribution">Sent to you by <strong>a&amp;b@x.com</strong> using Kinetic</div><p>Hi</p>`);
    const doc = parseDocument(out);
    const banner = DomUtils.findOne((e) => e.attribs.class === "kx-attribution", doc.children)!;
    expect(banner.attribs.style).toBeUndefined();
    expect(DomUtils.findAll((e) => e.name === "style" && "amp-custom" in e.attribs, doc.children)).toHaveLength(1);
  });

  it("creates <style amp-custom> in the head when missing", () => {
    const out = attributionBannerAmp(`<html ⚡4email><head><meta charset="utf-8"></head><body></body></html>`, "a@b.c", "K");
    expect(out).toMatch(
      /<meta charset="utf-8"><style amp-custom>\.kx-attribution\{[^}]+\}<\/style><\/head><body><div class="kx-attribution">/,
    );
  });
});
