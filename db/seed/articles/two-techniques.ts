import type { BlogSeedDocument } from "../types";

export const twoTechniques: BlogSeedDocument = {
  uploadType: "blog",
  blogTitle: "Combining two interactive techniques in one email",
  blogTopic: "Namespacing and layout for two-module emails",
  learningLevel: "advanced",
  techniquesCovered: ["tabs", "itemCart", "carousel", "quiz", "menu", "accordion", "survey"],
  keyTakeaways:
    "Give each module its own namespace (k1, k2) for ids, names, classes and CSS counters; give each its own probe and fallback; separate the two modules with a section and a heading; keep the total under Gmail's 102 KB clip; pick pairs where the second technique answers the question the first one raises.",
  contentFocus: "kinetic",
  htmlContent: `<article>
<h1>Combining two interactive techniques in one email</h1>
<p>One interactive element is usually enough. Sometimes, though, an email has two jobs: explain and sell, inspire and ask, navigate and inform. A pet store might use tabs for care tips and a cart for the products those tips mention. A travel brand might show destinations in a carousel and then ask a quiz to help the reader choose. Done well, the second module answers the question the first one raised.</p>
<h2>Pick pairs with a reason</h2>
<p>Good pairs have a story. Tabs and a cart: learn, then buy. Carousel and quiz: browse, then decide. Accordion and survey: help, then ask how it went. Menu and tabs: find your way, then dig into detail. Avoid pairs that compete for the same job, such as two carousels, and avoid stacking them so closely that the reader cannot tell where one ends.</p>
<h2>Namespaces keep the modules apart</h2>
<p>Both modules rely on ids, input names and classes, and CSS selectors that match them. If both modules use <code>tab-1</code> or <code>probe</code>, a tap in one can change the other, because a label always targets the first element with its id. The fix is a namespace per module: everything the first module introduces starts with <code>k1-</code>, everything in the second with <code>k2-</code>. That includes the CSS counters a cart uses for its count and total, so the two modules never add into the same counter.</p>
<h2>Each module stands on its own</h2>
<p>Each module has its own pre-checked probe, its own interactive block and its own static fallback. That way a client that supports one technique's CSS but stumbles on the other still shows a complete email: whatever does not work falls back independently. The QA checks treat the modules separately for the same reason.</p>
<h2>Give the reader a break between them</h2>
<p>Place the modules in different sections, each with a short heading and a sentence of context. The heading tells a screen-reader user that something new starts; the sentence tells everyone why it is there. A closing call to action after the second module gives readers who scrolled past both a clear next step.</p>
<h2>Watch the weight</h2>
<p>Two modules roughly double the interactive markup, and every module also carries a fallback. Gmail clips messages over about 102 KB, hiding the rest behind a link, and the clip can swallow the unsubscribe link. Keep copy tight, reuse the style theory's classes, and check the final size before sending.</p>
<h2>Checklist</h2>
<ul>
<li>A reason for the pair, and the order that follows it.</li>
<li>Distinct namespaces, including counter names.</li>
<li>A probe and a fallback per module.</li>
<li>A heading and a sentence before each module.</li>
<li>Total size comfortably under 102 KB.</li>
</ul>
</article>`,
};
