import type { BlogSeedDocument } from "../types";

export const ampBeforeSending: BlogSeedDocument = {
  uploadType: "blog",
  blogTitle: "AMP for Email: what you need before sending",
  blogTopic: "AMP4EMAIL requirements and sender registration",
  learningLevel: "advanced",
  techniquesCovered: ["amp-carousel", "amp-accordion", "amp-selector", "amp-form", "amp-bind"],
  keyTakeaways:
    "An AMP email is a third MIME part beside HTML and plain text; the document must pass the AMP4EMAIL validator (⚡4email, data-css-strict, runtime, boilerplate, no !important, allowed components only); senders need SPF, DKIM and DMARC and must register with each provider; forms post with action-xhr over https and must answer with CORS headers; the HTML version remains the fallback.",
  contentFocus: "amp",
  htmlContent: `<article>
<h1>AMP for Email: what you need before sending</h1>
<p>AMP lets an email do things CSS alone cannot: submit a form without leaving the inbox, show live stock, or keep a running cart total. It is also the most demanding format you can send. Before the first AMP email goes out, four things need to be in place.</p>
<h2>1. A separate, valid document</h2>
<p>An AMP email is not a modified HTML email. It travels as its own MIME part, <code>text/x-amp-html</code>, next to the usual <code>text/html</code> and <code>text/plain</code> parts. Clients that support AMP show it; every other client shows the HTML part, so your regular email remains the fallback.</p>
<p>The AMP part must pass the AMP4EMAIL validator exactly. The essentials:</p>
<ul>
<li><code>&lt;!doctype html&gt;</code> and <code>&lt;html ⚡4email data-css-strict&gt;</code>.</li>
<li><code>&lt;meta charset="utf-8"&gt;</code> as the first child of the head.</li>
<li>The runtime, <code>https://cdn.ampproject.org/v0.js</code>, loaded async.</li>
<li>The boilerplate style, <code>&lt;style amp4email-boilerplate&gt;body{visibility:hidden}&lt;/style&gt;</code>.</li>
<li>One <code>&lt;style amp-custom&gt;</code> block, without <code>!important</code>, without pseudo-elements or properties outside the email allowlist, and no inline style longer than the limit.</li>
<li>Only email-allowed components, each with its exact extension script: amp-carousel, amp-accordion, amp-selector, amp-bind, amp-list, amp-form with amp-mustache, and a few more. Video, iframes, analytics and custom scripts are not allowed.</li>
<li><code>amp-img</code> instead of <code>img</code>, always with width, height and a layout.</li>
</ul>
<p>A single error and the client silently shows the HTML part instead, so validate every build rather than trusting that last week's template still passes.</p>
<h2>2. Authentication and registration</h2>
<p>Providers only render AMP from senders they trust. Your sending domain needs SPF, DKIM and a DMARC policy, and the DKIM signature must align with the From domain. Then you register as an AMP sender with each provider that supports it, sending them a real production email for review. Until approval, recipients see the HTML part.</p>
<h2>3. Endpoints that answer correctly</h2>
<p>Forms and <code>amp-list</code> call your server with <code>action-xhr</code> or <code>src</code>, always over https. The server must reply with the CORS headers the AMP for Email specification describes, including the sender's address, or the client discards the response. Plan for the request coming from the recipient's mail client rather than a browser on your site: there are no cookies, and the user is identified by tokens you put in the URL or hidden fields.</p>
<h2>4. A shelf life</h2>
<p>Some providers stop rendering the AMP part after about 30 days and fall back to HTML. Design dynamic content so it degrades gracefully, and never put anything in the AMP part that the HTML part cannot also show in some form.</p>
<h2>Before you press send</h2>
<p>Validate the AMP part, check that the HTML part stands on its own, confirm authentication alignment, and submit a test request to every endpoint the email calls. AMP rewards that preparation with email that behaves like a small app.</p>
</article>`,
};
