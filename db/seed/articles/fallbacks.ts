import type { BlogSeedDocument } from "../types";

export const fallbacks: BlogSeedDocument = {
  uploadType: "blog",
  blogTitle: "Fallbacks for Gmail and Outlook",
  blogTopic: "Static fallbacks and client targeting",
  learningLevel: "intermediate",
  techniquesCovered: ["tabs", "accordion", "carousel", "survey", "quiz", "menu", "itemCart"],
  keyTakeaways:
    "Design the fallback first and make it carry every word, link and price; hide the interactive block by default and reveal it with a :checked probe; add Gmail (u + .body) and Outlook.com (x_ class) overrides; use mso-hide:all and [if !mso] comments for Outlook for Windows.",
  contentFocus: "kinetic",
  htmlContent: `<article>
<h1>Fallbacks for Gmail and Outlook</h1>
<p>An interactive email is really two emails in one: the version that moves and the version that does not. Most of your readers will see the second one. Gmail, which accounts for a large slice of opens, does not support <code>:checked</code>, and Outlook for Windows renders with Microsoft Word. So the fallback is not an afterthought; it is the main email for many people, and it deserves to be designed first.</p>
<h2>What a good fallback contains</h2>
<p>The rule we follow is simple: the fallback carries the same words, links, items and prices as the interactive block, laid out statically. Tabs become sections one under another, each with its label as a small heading. Accordion panels are all open. Carousel slides are stacked. A survey lists its questions with each answer as a link. A quiz states its answers and explanations. A menu becomes a plain list of links. A cart becomes a price list with a checkout button. If a reader never sees the interactive version, they lose nothing but the animation.</p>
<h2>Hidden by default, revealed by a probe</h2>
<p>The interactive block starts with <code>display:none; max-height:0; overflow:hidden</code>. A hidden checkbox that is checked from the start sits just before it, and one rule in the style block reveals the block and hides the fallback when that checkbox matches <code>:checked</code>. Clients that support the selector show the interactive version; clients that do not simply never apply the rule. No client detection, no guessing.</p>
<h2>Gmail</h2>
<p>Gmail supports a surprising amount of CSS, but not <code>:checked</code>, and some of its apps drop the style block entirely. Two habits protect you. Inline every non-interactive style so the fallback looks right even without the style block. And add a targeted override, <code>u + .body .kx-int { display:none !important; }</code>, which relies on Gmail wrapping the body in a <code>u</code> element. It needs the doctype and a <code>class="body"</code> on the body tag to match.</p>
<h2>Outlook.com</h2>
<p>Outlook on the web rewrites class names with an <code>x_</code> prefix and supports <code>:checked</code> only partly, which can leave a half-working module. Attribute selectors such as <code>[class~="x_kx-int"]</code> match only the rewritten classes, so they apply there and nowhere else, forcing the fallback on.</p>
<h2>Outlook for Windows</h2>
<p>Word ignores <code>max-height</code> and <code>overflow</code>, and it does not reliably honour <code>display:none</code> on every element. Two tools fix this. Wrap the probe and the interactive block in <code>&lt;!--[if !mso]&gt;&lt;!--&gt;</code> and <code>&lt;!--&lt;![endif]--&gt;</code> so Word skips them, and add <code>mso-hide:all</code> to their inline styles as a second guard. Forget both and Outlook shows raw radio buttons above the fallback, with every item twice.</p>
<h2>Test the fallback on purpose</h2>
<p>Open the email with the style block removed, and again with every rule that mentions <code>:checked</code> deleted. Both times you should see a complete, tidy email. Our QA runs exactly this check; it is the quickest way to know the majority of your readers are covered.</p>
</article>`,
};
