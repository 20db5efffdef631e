import type { BlogSeedDocument } from "../types";

export const accessibleInteractive: BlogSeedDocument = {
  uploadType: "blog",
  blogTitle: "Designing accessible interactive emails",
  blogTopic: "Accessibility for interactive email",
  learningLevel: "beginner",
  techniquesCovered: ["tabs", "accordion", "carousel", "survey", "quiz", "menu", "itemCart"],
  keyTakeaways:
    "Write real text, not text in images; give every image useful alt text; set lang and dir; keep contrast at 4.5:1 and body text at 14px or more; make tap targets 44px tall; make labels describe their action; never hide content only inside the interactive version.",
  contentFocus: "general",
  htmlContent: `<article>
<h1>Designing accessible interactive emails</h1>
<p>Interactive email is meant to make messages easier to use: fewer clicks, less scrolling, answers right where the question is. That promise only holds if everyone can use the email, including people who navigate with a screen reader, zoom their text, or read on a small phone in bright sunlight. The good news is that most of the work is ordinary, careful email design.</p>
<h2>Start with real text</h2>
<p>Text inside an image cannot be read aloud, resized, translated or found by search. Headlines, prices and calls to action belong in live HTML text. Images are for pictures, and every picture gets an <code>alt</code> attribute that says what a reader would miss without it: "Green two-person tent beside a mountain lake" rather than "hero image". Purely decorative images get an empty <code>alt=""</code> so screen readers skip them.</p>
<h2>Tell the reader's software about the language</h2>
<p>Set <code>lang</code> and <code>dir</code> on the html element. A screen reader uses them to pick a voice and a pronunciation; without them, a Spanish lesson read with English rules is hard to follow.</p>
<h2>Contrast, size and space</h2>
<p>Body text should be at least 14 pixels, preferably 16, with a line height around 1.5. Text and buttons need a contrast ratio of at least 4.5 to 1 against their background, including in dark mode, where some clients invert colours for you. Buttons and tappable labels should be at least 44 pixels tall, so a thumb can hit them without zooming.</p>
<h2>Make controls explain themselves</h2>
<p>Tab labels, accordion headings and carousel arrows are read out of context, so their words matter. "Dining" is a better tab label than "Tab 2". An accordion heading should be the question itself. A cart's add button should name the item. Links say where they go: "See Friday tickets", not "Click here".</p>
<h2>Never hide content only in the interactive version</h2>
<p>The static fallback is also the accessible version for any reader whose client ignores the CSS. If a price, a date or an answer lives only inside a hidden panel, some readers will never get it. The fallback should carry every word the interactive block carries.</p>
<h2>Keep motion gentle</h2>
<p>Avoid autoplaying movement and flashing. Carousels in this library move only when the reader taps, and every slide is also present in the stacked fallback, so nobody has to chase a moving target.</p>
<h2>A short checklist</h2>
<ul>
<li>Live text for every headline, price and call to action.</li>
<li>Useful alt text on every meaningful image.</li>
<li><code>lang</code> and <code>dir</code> on the html element.</li>
<li>Contrast of 4.5:1 or more, body text 14px or larger, 44px tap targets.</li>
<li>Labels and links that make sense on their own.</li>
<li>A fallback with the same content as the interactive version.</li>
</ul>
<p>None of this limits creativity. It simply makes sure the clever part of the email reaches everyone it was written for.</p>
</article>`,
};
