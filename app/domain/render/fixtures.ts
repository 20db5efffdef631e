import { STYLE_PRESETS } from "../blueprint/styles";
import type { Blueprint, Module, Section, Technique } from "../blueprint/schema";

// Sample blueprints for tests, benchmarks and the browser proof: realistic words, every technique.

const img = (seed: string, width = 536, height = 300) => ({
  src: `https://images.kinetic.example/${seed}-${width}x${height}.jpg`,
  alt: `${seed.replace(/-/g, " ")} photo`,
  width,
  height,
});

export const SAMPLE_MODULES: Record<Technique, Module> = {
  tabs: {
    technique: "tabs",
    title: "Pick your plan",
    intro: "Three plans, one price promise: cancel any time.",
    items: [
      { label: "Starter", headline: "Starter — $9/month", body: "Everything a solo creator needs: 3 projects, 10 GB storage and email support.", cta: { label: "Choose Starter", url: "https://kinetic.example/plans/starter" } },
      { label: "Team", headline: "Team — $29/month", body: "Up to 10 seats, shared libraries, review links and priority support.", cta: { label: "Choose Team", url: "https://kinetic.example/plans/team" } },
      { label: "Business", headline: "Business — $79/month", body: "Unlimited seats, SSO, audit logs and a named success manager.", cta: { label: "Talk to sales", url: "https://kinetic.example/plans/business" } },
    ],
  },
  accordion: {
    technique: "accordion",
    title: "Questions, answered",
    items: [
      { label: "When will my order ship?", body: "Orders placed before 2 pm ship the same working day. You get a tracking link by email." },
      { label: "Can I return an item?", body: "Yes — you have 60 days to return anything unworn, and the return label is free.", cta: { label: "Start a return", url: "https://kinetic.example/returns" } },
      { label: "Do you ship abroad?", body: "We ship to 38 countries. Duties are included in the price at checkout, so there are no surprises." },
    ],
  },
  carousel: {
    technique: "carousel",
    title: "New this season",
    items: [
      { label: "Trail", headline: "Ridge Trail Runner", body: "Grippy, light and ready for wet rock.", image: img("trail-runner"), cta: { label: "Shop Trail", url: "https://kinetic.example/shop/trail" } },
      { label: "Road", headline: "City Road Glide", body: "Soft landings for long city miles.", image: img("road-glide"), cta: { label: "Shop Road", url: "https://kinetic.example/shop/road" } },
      { label: "Rest", headline: "Recovery Slide", body: "For the day after the long run.", image: img("recovery-slide"), cta: { label: "Shop Rest", url: "https://kinetic.example/shop/rest" } },
    ],
  },
  survey: {
    technique: "survey",
    title: "Two quick questions",
    intro: "Tell us how your last visit went — it takes ten seconds.",
    questions: [
      { question: "How was your visit?", options: [{ label: "Great", url: "https://kinetic.example/s?q1=great" }, { label: "Okay", url: "https://kinetic.example/s?q1=okay" }, { label: "Not good", url: "https://kinetic.example/s?q1=bad" }] },
      { question: "Would you come back?", options: [{ label: "Definitely", url: "https://kinetic.example/s?q2=yes" }, { label: "Maybe", url: "https://kinetic.example/s?q2=maybe" }, { label: "Unlikely", url: "https://kinetic.example/s?q2=no" }] },
    ],
    thanks: { headline: "Thank you!", body: "Your answers help us make the next visit better.", cta: { label: "Leave a comment", url: "https://kinetic.example/s/comment" } },
  },
  quiz: {
    technique: "quiz",
    title: "Coffee quiz",
    intro: "Think you know your beans? Tap an answer.",
    questions: [
      { question: "Which country grows the most coffee?", options: ["Colombia", "Brazil", "Ethiopia"], answer: 1, explanation: "Brazil grows about a third of the world's coffee." },
      { question: "What does a ristretto use less of?", options: ["Water", "Coffee", "Milk"], answer: 0, explanation: "A ristretto is a short shot: the same coffee, about half the water." },
    ],
  },
  menu: {
    technique: "menu",
    label: "Menu",
    items: [
      { label: "New arrivals", url: "https://kinetic.example/new" },
      { label: "Women", url: "https://kinetic.example/women" },
      { label: "Men", url: "https://kinetic.example/men" },
      { label: "Sale", url: "https://kinetic.example/sale" },
      { label: "Stores", url: "https://kinetic.example/stores" },
    ],
  },
  itemCart: {
    technique: "itemCart",
    title: "Build your breakfast box",
    intro: "Tap to add items — your total updates as you go.",
    currency: "USD",
    items: [
      { label: "Sourdough loaf", description: "Baked this morning", price: 650 },
      { label: "Cold brew, 1 L", description: "Single-origin Colombia", price: 1225 },
      { label: "Jam trio", description: "Strawberry, apricot, fig", price: 1480 },
      { label: "Butter croissants ×4", description: "Laminated by hand", price: 995 },
    ],
    checkout: { label: "Check out", url: "https://kinetic.example/cart" },
  },
};

const BRAND: Record<Technique, { brand: string; subject: string; preheader: string; style: keyof typeof STYLE_PRESETS; hero: string; body: string }> = {
  tabs: { brand: "Northwind Studio", subject: "Find the plan that fits your team", preheader: "Compare Starter, Team and Business in one tap.", style: "minimal", hero: "Plans that grow with you", body: "Whether you work alone or with fifty people, there is a plan that fits. Compare them below." },
  accordion: { brand: "Fjord Outfitters", subject: "Your order questions, answered", preheader: "Shipping, returns and delivery — all in one place.", style: "corporate", hero: "Everything about your order", body: "We collected the questions customers ask most often. Tap one to read the answer." },
  carousel: { brand: "Stride", subject: "Three new shoes for every kind of run", preheader: "Trail, road and recovery — swipe through the new season.", style: "bold", hero: "The new season is here", body: "Three new shoes, each built for a different kind of day. Take a look." },
  survey: { brand: "Harbor Bistro", subject: "How was your dinner with us?", preheader: "Two quick questions, ten seconds.", style: "editorial", hero: "Thanks for dining with us", body: "We would love to hear how it went. Your answers go straight to the kitchen team." },
  quiz: { brand: "Bean & Leaf", subject: "Quick quiz: how well do you know coffee?", preheader: "Two questions — and a treat for everyone who plays.", style: "playful", hero: "Coffee quiz time", body: "Test your coffee knowledge. Everyone who plays gets 10% off their next bag." },
  menu: { brand: "Maison Verte", subject: "The spring edit has arrived", preheader: "Linen, light layers and new colours for spring.", style: "luxury", hero: "The spring edit", body: "Light layers, soft linen and colours borrowed from the garden. Explore the collection." },
  itemCart: { brand: "Morning Crumb Bakery", subject: "Build your weekend breakfast box", preheader: "Fresh bread, cold brew and jam — delivered Saturday.", style: "warm", hero: "Your weekend, sorted", body: "Pick what you like and we'll deliver it warm on Saturday morning." },
};

export function sampleBlueprint(technique: Technique, second?: Technique): Blueprint {
  const b = BRAND[technique];
  const modules: Module[] = [structuredClone(SAMPLE_MODULES[technique])];
  if (second) modules.push(structuredClone(SAMPLE_MODULES[second]));
  const sections: Section[] = [
    { id: "hero", role: "hero", headline: b.hero, body: b.body, image: img(`${technique}-hero`, 600, 280), moduleIndex: 0 },
  ];
  if (second) {
    sections.push({ id: "more", role: "body", headline: "One more thing", body: "There is more inside — have a look.", moduleIndex: 1 });
  }
  sections.push({
    id: "closing",
    role: "cta",
    headline: "See you soon",
    body: `Questions? Just reply to this email — a real person at ${b.brand} reads every message.`,
    cta: { label: "Visit our site", url: "https://kinetic.example/" },
  });
  return {
    subject: b.subject,
    preheader: b.preheader,
    lang: "en",
    dir: "ltr",
    brandName: b.brand,
    technique,
    design: structuredClone(STYLE_PRESETS[b.style]),
    sections,
    interactiveConfig: { modules },
    footer: {
      address: `${b.brand}, 12 Harbour Street, Bristol BS1 4RN, United Kingdom`,
      unsubscribeText: "Unsubscribe",
      note: "You are receiving this because you signed up at kinetic.example.",
    },
  };
}

/** A large but valid email (≈100 KB of HTML once rendered) for the engine benchmark. */
export function bigBlueprint(): Blueprint {
  const bp = sampleBlueprint("tabs", "itemCart");
  const para =
    "Our team spent the season testing every detail, from the stitching to the way the fabric moves in the rain. " +
    "We think you will notice the difference the first time you wear it, and every time after that. ";
  const extra: Section[] = [];
  for (let i = 1; i <= 17; i++) {
    extra.push({
      id: `story-${i}`,
      role: "body",
      headline: `Story ${i}: what we learned this season`,
      body: `${para.repeat(5)}\n\n${para.repeat(4)}`,
      image: img(`story-${i}`, 536, 240),
      cta: { label: `Read story ${i}`, url: `https://kinetic.example/stories/${i}` },
    });
  }
  bp.sections.splice(2, 0, ...extra);
  return bp;
}
