import type { BlogSeedDocument } from "../types";

export const measuringPerformance: BlogSeedDocument = {
  uploadType: "blog",
  blogTitle: "Measuring interactive email performance",
  blogTopic: "Metrics and testing for interactive email",
  learningLevel: "beginner",
  techniquesCovered: ["tabs", "carousel", "survey", "quiz", "itemCart"],
  keyTakeaways:
    "Opens are unreliable, so judge interactive emails by clicks, click-to-open rate, conversions and replies; give each interactive element its own tracked link parameters; test one change at a time against a static control; watch unsubscribes and complaints alongside engagement; track the share of readers who saw the fallback.",
  contentFocus: "general",
  htmlContent: `<article>
<h1>Measuring interactive email performance</h1>
<p>Interactive emails take more effort to build than static ones, so it is fair to ask whether they earn their keep. Answering that well means choosing the right numbers, tracking the interactive parts properly, and comparing against a fair baseline.</p>
<h2>Look past the open rate</h2>
<p>Open rates used to be the first number everyone checked. Privacy features in several mail apps now load images automatically, which records an open whether or not a person read anything. Treat opens as a rough signal and build your judgement on actions instead: clicks, click-to-open rate, conversions, survey responses and replies.</p>
<h2>Give every interactive element its own trail</h2>
<p>A tab switch or an accordion tap happens inside the email and sends nothing to your server. What you can measure is what happens next. Give each link inside a tab, slide or cart its own tracking parameters, for example <code>utm_content=tab-dining</code> or <code>utm_content=slide-3</code>. Survey answers and quiz choices delivered as links are even better: each option is a distinct URL, so every answer is counted the moment someone taps it. In AMP emails, form submissions reach your endpoint directly and can be counted there.</p>
<h2>Compare against a static control</h2>
<p>The honest test of an interactive email is an A/B split against the same content without interactivity. Send both versions to random halves of the same audience at the same time, and change only one thing. If the carousel version wins clicks but the static version wins purchases, you have learned something useful: perhaps the carousel hid the best product on slide four.</p>
<h2>Remember the fallback audience</h2>
<p>A sizeable share of readers see the static fallback, depending on your audience's mix of Gmail, Outlook and Apple Mail. Link parameters can record which version a click came from, such as <code>kx=int</code> or <code>kx=fb</code>, so you can see how each performs. If the fallback converts much worse, improve it before adding more interactivity.</p>
<h2>Watch the cost side too</h2>
<p>Engagement is only half the picture. Track unsubscribes, spam complaints and the share of messages clipped by Gmail for being over about 102 KB. An email that delights some readers but pushes others to complain is not a win. Keep an eye on load: very heavy emails render slowly on older phones.</p>
<h2>A simple scorecard</h2>
<ul>
<li>Click-to-open rate, by version.</li>
<li>Clicks per interactive element, from link parameters.</li>
<li>Conversions or answers per thousand delivered.</li>
<li>Unsubscribes and complaints per thousand delivered.</li>
<li>Share of clicks from the fallback version.</li>
</ul>
<p>Review the scorecard after every send. Over a few campaigns you will learn which techniques your audience actually uses, and where a plain, well-written email still does the job best.</p>
</article>`,
};
