// Test data: one valid AMP email using most allowed components, and broken variants of it, each
// with exactly one fault, the error code the validator must report, and whether the repair loop
// is expected to make it pass.

export const VALID_AMP = `<!doctype html>
<html ⚡4email data-css-strict lang="en">
<head>
<meta charset="utf-8">
<script async src="https://cdn.ampproject.org/v0.js"></script>
<script async custom-element="amp-carousel" src="https://cdn.ampproject.org/v0/amp-carousel-0.2.js"></script>
<script async custom-element="amp-form" src="https://cdn.ampproject.org/v0/amp-form-0.1.js"></script>
<script async custom-template="amp-mustache" src="https://cdn.ampproject.org/v0/amp-mustache-0.2.js"></script>
<script async custom-element="amp-bind" src="https://cdn.ampproject.org/v0/amp-bind-0.1.js"></script>
<script async custom-element="amp-accordion" src="https://cdn.ampproject.org/v0/amp-accordion-0.1.js"></script>
<style amp4email-boilerplate>body{visibility:hidden}</style>
<style amp-custom>
.wrap { max-width: 600px; margin: 0 auto; font-family: Arial, sans-serif; color: #222222; }
.btn { background-color: #0055ff; color: #ffffff; padding: 12px 20px; border-radius: 4px; cursor: pointer; }
.tab:checked + label { font-weight: bold; }
@media (max-width: 600px) { .wrap { padding: 0 8px; } }
</style>
</head>
<body>
<div class="wrap">
<h1>Spring collection</h1>
<amp-carousel type="slides" layout="responsive" width="600" height="300" controls [slide]="k1.slide" on="slideChange:AMP.setState({k1: {slide: event.index}})">
<amp-img src="https://example.com/a.jpg" width="600" height="300" layout="responsive" alt="Coat"></amp-img>
<amp-img src="https://example.com/b.jpg" width="600" height="300" layout="responsive" alt="Boots"></amp-img>
</amp-carousel>
<p [text]="'Slide ' + (k1.slide + 1)">Slide 1</p>
<amp-accordion>
<section expanded><h2>Shipping</h2><p>Free over $50.</p></section>
<section><h2>Returns</h2><p>30 days.</p></section>
</amp-accordion>
<form method="post" action-xhr="https://kinetic.example/api/amp/survey">
<label><input type="radio" name="q1" value="yes"> Yes</label>
<label><input type="radio" name="q1" value="no"> No</label>
<button type="submit" class="btn">Send</button>
<div submit-success><template type="amp-mustache"><p>Thanks, {{name}}!</p></template></div>
<div submit-error><template type="amp-mustache"><p>Sorry, try again.</p></template></div>
</form>
<p><a href="https://example.com/shop" target="_blank">Shop now</a> · <a href="{{UNSUBSCRIBE_URL}}">Unsubscribe</a> · <a href="mailto:help@example.com">Help</a></p>
</div>
</body>
</html>
`;

export interface BrokenCase {
  name: string;
  html: string;
  code: string;
  repairable: boolean;
}

function replace(from: string, to: string): string {
  if (!VALID_AMP.includes(from)) throw new Error(`corpus: "${from}" not in VALID_AMP`);
  return VALID_AMP.replace(from, to);
}

const BODY_END = "</div>\n</body>";
const HEAD_END = "</style>\n</head>";

const CSS_END = "@media (max-width: 600px) { .wrap { padding: 0 8px; } }\n";

export const BROKEN_AMP: BrokenCase[] = [
  { name: "no doctype", html: replace("<!doctype html>\n", ""), code: "AMP_DOCTYPE_MISSING", repairable: true },
  { name: "no ⚡4email", html: replace("<html ⚡4email data-css-strict", "<html data-css-strict"), code: "AMP_HTML_ATTR_MISSING", repairable: true },
  { name: "no data-css-strict", html: replace("<html ⚡4email data-css-strict", "<html ⚡4email"), code: "AMP_CSS_STRICT_MISSING", repairable: true },
  { name: "charset not first", html: replace('<meta charset="utf-8">\n<script async src="https://cdn.ampproject.org/v0.js"></script>', '<script async src="https://cdn.ampproject.org/v0.js"></script>\n<meta charset="utf-8">'), code: "AMP_CHARSET_NOT_FIRST", repairable: true },
  { name: "no runtime", html: replace('<script async src="https://cdn.ampproject.org/v0.js"></script>\n', ""), code: "AMP_RUNTIME_MISSING", repairable: true },
  { name: "no boilerplate", html: replace("<style amp4email-boilerplate>body{visibility:hidden}</style>\n", ""), code: "AMP_BOILERPLATE_MISSING", repairable: true },
  { name: "web boilerplate content", html: replace("<style amp4email-boilerplate>body{visibility:hidden}</style>", "<style amp4email-boilerplate>body{opacity:0}</style>"), code: "AMP_BOILERPLATE_INVALID", repairable: true },
  { name: "img instead of amp-img", html: replace(BODY_END, '<img src="https://example.com/c.jpg" width="600" height="200" alt="Banner">\n' + BODY_END), code: "AMP_TAG_DISALLOWED", repairable: true },
  { name: "iframe", html: replace(BODY_END, '<iframe src="https://example.com/embed"></iframe>\n' + BODY_END), code: "AMP_TAG_DISALLOWED", repairable: true },
  { name: "amp-analytics", html: replace(BODY_END, '<amp-analytics type="googleanalytics"></amp-analytics>\n' + BODY_END), code: "AMP_COMPONENT_DISALLOWED", repairable: true },
  { name: "custom script", html: replace(HEAD_END, '</style>\n<script>document.title = "x";</script>\n</head>'), code: "AMP_SCRIPT_DISALLOWED", repairable: true },
  { name: "onclick attribute", html: replace('<button type="submit" class="btn">', '<button type="submit" class="btn" onclick="go()">'), code: "AMP_ATTR_DISALLOWED", repairable: true },
  { name: "unknown attribute", html: replace("<h1>Spring collection</h1>", '<h1 align-me="center">Spring collection</h1>'), code: "AMP_ATTR_DISALLOWED", repairable: true },
  { name: "!important in amp-custom", html: replace("border-radius: 4px;", "border-radius: 4px !important;"), code: "AMP_CSS_IMPORTANT", repairable: true },
  { name: "!important inline", html: replace("<h1>Spring collection</h1>", '<h1 style="color: #111111 !important">Spring collection</h1>'), code: "AMP_CSS_IMPORTANT", repairable: true },
  { name: "position: fixed", html: replace(CSS_END, CSS_END + ".bar { position: fixed; top: 0; }\n"), code: "AMP_CSS_VALUE_DISALLOWED", repairable: true },
  { name: "@import", html: replace(CSS_END, CSS_END + '@import url("https://example.com/x.css");\n'), code: "AMP_CSS_AT_RULE_DISALLOWED", repairable: true },
  { name: "@font-face", html: replace(CSS_END, CSS_END + '@font-face { font-family: X; src: url("https://example.com/x.woff"); }\n'), code: "AMP_CSS_AT_RULE_DISALLOWED", repairable: true },
  { name: "disallowed property", html: replace(CSS_END, CSS_END + ".x { content: 'y'; }\n"), code: "AMP_CSS_PROPERTY_DISALLOWED", repairable: true },
  { name: "pseudo-element", html: replace(CSS_END, CSS_END + ".x::after { color: red; }\n"), code: "AMP_CSS_SELECTOR_DISALLOWED", repairable: true },
  { name: "style without amp-custom", html: replace(HEAD_END, "</style>\n<style>.y { color: red; }</style>\n</head>"), code: "AMP_STYLE_DISALLOWED", repairable: true },
  { name: "javascript: link", html: replace('href="https://example.com/shop"', 'href="javascript:alert(1)"'), code: "AMP_URL_PROTOCOL", repairable: false },
  { name: "http image", html: replace('src="https://example.com/a.jpg"', 'src="http://example.com/a.jpg"'), code: "AMP_URL_PROTOCOL", repairable: false },
  { name: "relative link", html: replace('href="https://example.com/shop"', 'href="/shop"'), code: "AMP_URL_INVALID", repairable: false },
  { name: "amp-img without layout", html: replace('<amp-img src="https://example.com/b.jpg" width="600" height="300" layout="responsive" alt="Boots">', '<amp-img src="https://example.com/b.jpg" alt="Boots">'), code: "AMP_IMG_LAYOUT_MISSING", repairable: true },
  { name: "missing extension script", html: replace('<script async custom-element="amp-accordion" src="https://cdn.ampproject.org/v0/amp-accordion-0.1.js"></script>\n', ""), code: "AMP_EXTENSION_MISSING", repairable: true },
  { name: "unused extension script", html: replace("<style amp4email-boilerplate>", '<script async custom-element="amp-sidebar" src="https://cdn.ampproject.org/v0/amp-sidebar-0.1.js"></script>\n<style amp4email-boilerplate>'), code: "AMP_EXTENSION_UNUSED", repairable: true },
  { name: "wrong extension version", html: replace("amp-carousel-0.2.js", "amp-carousel-9.9.js"), code: "AMP_EXTENSION_INVALID", repairable: true },
  { name: "[href] binding", html: replace('<a href="https://example.com/shop" target="_blank">', '<a href="https://example.com/shop" target="_blank" [href]="k1.url">'), code: "AMP_BINDING_DISALLOWED", repairable: true },
  { name: "AMP.navigateTo", html: replace('<button type="submit" class="btn">', '<button type="button" class="btn" on="tap:AMP.navigateTo(url=\'https://x.example\')">'), code: "AMP_BINDING_DISALLOWED", repairable: false },
  { name: "form action", html: replace('<form method="post" action-xhr="https://kinetic.example/api/amp/survey">', '<form method="post" action="https://kinetic.example/api/amp/survey">'), code: "AMP_FORM_INVALID", repairable: false },
  { name: "triple mustache", html: replace("<p>Thanks, {{name}}!</p>", "<p>Thanks, {{{name}}}!</p>"), code: "AMP_TEMPLATE_INVALID", repairable: false },
  { name: "non-mustache template", html: replace('<div submit-error><template type="amp-mustache">', '<div submit-error><template type="text/x-handlebars">'), code: "AMP_TEMPLATE_INVALID", repairable: false },
  { name: "target _self", html: replace('target="_blank"', 'target="_self"'), code: "AMP_ATTR_VALUE_INVALID", repairable: true },
  { name: "input type password", html: replace('<input type="radio" name="q1" value="yes">', '<input type="password" name="q1">'), code: "AMP_ATTR_VALUE_INVALID", repairable: false },
  { name: "carousel without height", html: replace('layout="responsive" width="600" height="300" controls', 'layout="fixed-height" controls'), code: "AMP_LAYOUT_INVALID", repairable: false },
  { name: "inline style too long", html: replace("<h1>Spring collection</h1>", `<h1 style="${Array.from({ length: 60 }, (_, i) => `margin-top: ${i}px;`).join(" ")}">Spring collection</h1>`), code: "AMP_INLINE_STYLE_TOO_LONG", repairable: true },
  { name: "amp-custom too large", html: replace(CSS_END, CSS_END + Array.from({ length: 3200 }, (_, i) => `.c${i} { color: #${(i % 4096).toString(16).padStart(3, "0")}; }`).join("\n") + "\n"), code: "AMP_CSS_TOO_LARGE", repairable: false },
  { name: "document over 200,000 bytes", html: replace(BODY_END, Array.from({ length: 3000 }, (_, i) => `<p>Paragraph ${i} with enough words to take up space in the email body.</p>`).join("\n") + "\n" + BODY_END), code: "AMP_DOC_TOO_LARGE", repairable: false },
];
