import type { BlogSeedDocument } from "../types";

export const cssOnlyTabs: BlogSeedDocument = {
  uploadType: "blog",
  blogTitle: "How CSS-only tabs work in email",
  blogTopic: "CSS :checked interactivity",
  learningLevel: "intermediate",
  techniquesCovered: ["tabs", "carousel", "accordion"],
  keyTakeaways:
    "Email tabs are radio inputs plus labels plus sibling selectors; the inputs must come before the panels they control; a pre-checked probe reveals the interactive block only where :checked works; every module needs its own namespace.",
  contentFocus: "kinetic",
  htmlContent: `<article>
<h1>How CSS-only tabs work in email</h1>
<p>No email client runs JavaScript, yet a good share of inboxes will happily switch tabs, open accordions and slide carousels. The trick is old-fashioned: a form control that remembers a choice, a label that changes that choice when tapped, and a CSS selector that reacts to it. Once you see the three parts, every interactive technique in this library becomes a variation on the same idea.</p>
<h2>The three parts</h2>
<p>First, the <strong>inputs</strong>. Tabs use radio buttons that share one <code>name</code>, because exactly one tab is open at a time. The first radio carries <code>checked</code> so the email opens on the first panel. The inputs themselves are hidden with <code>display:none</code>; nobody needs to see a radio dot.</p>
<p>Second, the <strong>labels</strong>. A <code>&lt;label for="k1-tab-1"&gt;</code> toggles the input whose id is <code>k1-tab-1</code>, wherever the label sits in the markup. That is what makes the tab bar clickable. If the <code>for</code> and the id disagree by a single character, the tab looks fine and does nothing, which is why our QA checks every label against the inputs of its module.</p>
<p>Third, the <strong>selectors</strong>. CSS cannot look backwards or upwards, only forwards to later siblings. So the inputs go first, and the tab bar and panels come after them inside the same parent. A rule such as <code>.k1-tab-input-1:checked ~ .k1-panels .k1-panel-1 { display:block !important; }</code> reads as: when the second radio is checked, show the second panel. One rule per tab, plus one rule to highlight the active label, and the tabs work.</p>
<h2>Showing the interactive version only where it works</h2>
<p>Gmail and Outlook for Windows do not support <code>:checked</code>. If we showed the tab bar everywhere, those readers would see labels that do nothing and panels that never appear. Instead the whole interactive block starts hidden, and a hidden checkbox that is checked from the start, the probe, reveals it: <code>.k1-probe:checked ~ .k1-int { display:block !important; }</code>. A client that understands <code>:checked</code> applies the rule and shows the tabs; a client that does not never applies it and shows the static fallback underneath, with every panel stacked one after another.</p>
<h2>The same pattern, three techniques</h2>
<p>A carousel is tabs whose labels are arrows and dots: radios again, one per slide, with previous and next labels pointing at the neighbouring slide's input. An accordion swaps radios for checkboxes so that several panels can be open at once. Once you are comfortable with tabs, the other two are small steps.</p>
<h2>Namespaces</h2>
<p>Every id, input name and class a module introduces starts with its namespace, such as <code>k1-</code> for the first module and <code>k2-</code> for the second. Without it, two modules in one email would share ids, and a label in the cart would flip a radio in the tabs. Namespacing costs nothing and makes two-technique emails safe.</p>
<h2>Checklist</h2>
<ul>
<li>Radios (tabs, carousel) or checkboxes (accordion) come before what they control.</li>
<li>Every label's <code>for</code> matches an input id in the same module.</li>
<li>Interactive rules stay in the <code>&lt;style&gt;</code> block; everything else is inlined.</li>
<li>The probe reveals the interactive block; the fallback is visible by default.</li>
<li>Each module has its own namespace.</li>
</ul>
</article>`,
};
