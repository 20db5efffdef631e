/**
 * Copy templates per email type for the local copywriter. Every template is a function of the
 * context so the prompt's own words (brand, product, offer, dates, items) land in the sentences;
 * the lists give the deterministic hash something to vary between.
 */
import type { EmailType } from "~/domain/prompt/facts";

export interface CopyContext {
  /** The brand as the prompt names it, else a neutral phrase that reads well in a sentence. */
  brand: string;
  hasBrand: boolean;
  /** "the Lumen team" or "our team": reads right with and without a brand. */
  team: string;
  kitchen: string;
  /** Product, event or collection the email is about (prompt's words where given). */
  thing: string;
  offer?: string;
  code?: string;
  when?: string;
  audience: string;
  /** The occasion the email is for ("Black Friday"), as the prompt names it. */
  occasion?: string;
  /** How many quiz questions the email asks. */
  quizCount?: number;
}

export interface Theme {
  label: string;
  headline: string;
  body: string;
}

export interface TypeCopy {
  fallbackBrand: string;
  fallbackThing: string;
  audience: string;
  subjects: (c: CopyContext) => string[];
  preheaders: (c: CopyContext) => string[];
  heroHeadlines: (c: CopyContext) => string[];
  heroBodies: (c: CopyContext) => string[];
  ctas: string[];
  closingHeadlines: (c: CopyContext) => string[];
  closingBodies: (c: CopyContext) => string[];
  themes: (c: CopyContext) => Theme[];
  faqs: (c: CopyContext) => Array<[string, string]>;
  survey: (c: CopyContext) => Array<[string, string[]]>;
  menu: string[];
  /** Catalogue used for a cart when the prompt lists nothing to buy: [name, description, price in cents]. */
  cart: Array<[string, string, number]>;
}

const until = (c: CopyContext) => (c.when ? ` until ${c.when}` : "");
const withCode = (c: CopyContext) => (c.code ? ` with code ${c.code}` : "");

const ecommerce: TypeCopy = {
  fallbackBrand: "our shop",
  fallbackThing: "the collection",
  audience: "shoppers",
  subjects: (c) => [
    c.offer ? `${cap(c.offer)}${until(c)}` : `${cap(c.thing)} at ${c.brand}`,
    c.offer ? `${c.brand}: ${c.offer}${withCode(c)}` : `${cap(c.thing)} is here`,
    c.offer ? `Your ${c.offer} is waiting` : `Meet ${c.thing} from ${c.brand}`,
  ],
  preheaders: (c) => [
    c.offer ? `Pick your favourites and save${withCode(c)}${until(c)}.` : `Fresh picks from ${c.brand}, chosen for you.`,
    `Tap through ${c.thing} and find the one that fits.`,
  ],
  heroHeadlines: (c) => [
    c.offer ? `${cap(c.offer)}, just for you` : `Say hello to ${c.thing}`,
    c.offer ? `Save big: ${c.offer}` : `${cap(c.thing)}${c.hasBrand ? ` from ${c.brand}` : ""}`,
  ],
  heroBodies: (c) => [
    `${cap(c.brand)}: ${c.thing}.${c.offer ? ` Enjoy ${c.offer}${withCode(c)}${until(c)}.` : ""} Take a look below and pick what you love.`,
    `We have been looking forward to sharing ${c.thing} with our ${c.audience}.${c.offer ? ` You get ${c.offer}${withCode(c)}.` : ""}${c.when ? ` Offer ends ${c.when}.` : ""}`,
  ],
  ctas: ["Shop now", "Shop the collection", "Find your favourite", "Start shopping"],
  closingHeadlines: (c) => [c.when ? `Don't wait past ${c.when}` : "Ready when you are", `Thanks for shopping with ${c.brand}`],
  closingBodies: (c) => [
    // Nothing the brief does not say: no delivery, returns or support promises (docs/conventions.md rule 15).
    `Any question? Reply to this email.${c.code ? ` Code ${c.code} applies at checkout.` : ""}`,
    `Any question for ${c.brand}? Reply to this email.${c.code ? ` Code ${c.code} applies at checkout.` : ""}`,
  ],
  themes: (c) => [
    { label: "Best sellers", headline: c.hasBrand ? `The ${c.brand} best sellers` : "Our best sellers", body: `The pieces our ${c.audience} come back for again and again, back in stock now.` },
    { label: "New arrivals", headline: `Just in: ${c.thing}`, body: `Be the first to try ${c.thing}.${c.offer ? ` ${cap(c.offer)}${withCode(c)}.` : ""}` },
    { label: "Gift ideas", headline: "Gifts they will actually use", body: "Thoughtful picks at every price, wrapped and ready to send." },
    { label: "Last chance", headline: "Going, going…", body: `Final sizes and colours before they are gone${until(c)}.` },
  ],
  faqs: (c) => [
    ["How do I use my discount?", c.code ? `Enter ${c.code} at checkout${c.offer ? ` to get ${c.offer}` : ""}${until(c)}.` : `${c.offer ? `${cap(c.offer)} is applied automatically at checkout${until(c)}.` : "Any active offer is applied automatically at checkout."}`],
    ["When will my order arrive?", "Most orders leave our warehouse within one working day, and you get a tracking link as soon as yours ships."],
    ["Can I return something?", `Yes. You have 30 days to return unused items to ${c.hasBrand ? c.brand : "us"}, and we refund you as soon as the parcel arrives.`],
    ["Do you ship internationally?", "We ship to most countries; delivery costs and times are shown at checkout before you pay."],
  ],
  survey: (c) => [
    [`How did you find shopping with ${c.brand}?`, ["Loved it", "It was fine", "Not great"]],
    ["What would you like to see more of?", ["New arrivals", "Sales", "Gift guides"]],
    ["How likely are you to shop with us again?", ["Very likely", "Maybe", "Unlikely"]],
  ],
  menu: ["New arrivals", "Best sellers", "Sale", "Gift cards", "Help"],
  cart: [
    ["Everyday tote", "Sturdy canvas with an inside pocket", 3200],
    ["Ceramic mug", "Holds a generous 350 ml", 1800],
    ["Gift card", "Any amount, delivered by email", 2500],
  ],
};

const newsletter: TypeCopy = {
  fallbackBrand: "our newsletter",
  fallbackThing: "this edition",
  audience: "readers",
  subjects: (c) => [
    `${c.hasBrand ? `${c.brand}: ` : ""}${cap(c.thing)}`,
    `This week at ${c.brand}${c.when ? `, ${c.when}` : ""}`,
    `What's new${c.hasBrand ? ` from ${c.brand}` : ""} — ${c.thing}`,
  ],
  preheaders: (c) => [`The stories worth your time, in one quick read.`, `Five minutes, the best of ${c.thing}, no filler.`],
  heroHeadlines: (c) => [cap(c.thing), `Inside ${c.thing}`],
  heroBodies: (c) => [
    `Welcome to ${c.thing}${c.hasBrand ? ` from ${c.brand}` : ""}. We picked the stories our ${c.audience} asked about most and kept each one short.`,
    `Here is what happened, what it means and what comes next${c.when ? ` — ${c.when}` : ""}. Grab a coffee; this one is worth it.`,
  ],
  ctas: ["Read the full issue", "Read more", "See all stories"],
  closingHeadlines: () => ["That's all for now", "Until next time"],
  closingBodies: (c) => [
    `Have a story we should cover? Reply to this email — every note is read by ${c.team}.`,
    `Thanks for reading. Forward this to a friend who would enjoy it.`,
  ],
  themes: (c) => [
    { label: "Top story", headline: `The big one: ${c.thing}`, body: "The story everyone is talking about, explained in three short paragraphs." },
    { label: "In brief", headline: "Quick hits", body: "Small updates, new tools and one number that surprised us." },
    { label: "Coming up", headline: "On the calendar", body: `What to watch for next${c.when ? `, starting ${c.when}` : ""}.` },
  ],
  faqs: (c) => [
    ["What is in this issue?", `${cap(c.thing)}: the top story, quick updates and what is coming next.`],
    ["How often will I hear from you?", "Once per edition, and never more than once a week."],
    ["Can I suggest a topic?", `Yes — reply to this email and tell ${c.team} what you want to read.`],
    ["How do I change my preferences?", "Use the link at the bottom of this email to change how often we write or to unsubscribe."],
  ],
  survey: () => [
    ["How useful was this issue?", ["Very useful", "Somewhat", "Not really"]],
    ["Which section do you read first?", ["Top story", "Quick hits", "Calendar"]],
    ["How often should we write?", ["Weekly", "Every two weeks", "Monthly"]],
  ],
  menu: ["Latest issue", "Archive", "Topics", "About us"],
  cart: [
    ["Annual subscription", "Every issue for a year, plus the archive", 4800],
    ["Printed edition", "The year's best stories, bound", 2900],
    ["Gift subscription", "Twelve months for someone you like", 4800],
  ],
};

const event: TypeCopy = {
  fallbackBrand: "our team",
  fallbackThing: "our event",
  audience: "guests",
  subjects: (c) => [
    `You're invited: ${c.thing}${c.when ? `, ${c.when}` : ""}`,
    `Save the date${c.when ? ` — ${c.when}` : ""}: ${c.thing}`,
    `Join ${c.brand} at ${c.thing}`,
  ],
  preheaders: (c) => [`Seats are limited — reserve yours today.`, `The agenda, the speakers and how to get there, all inside.`, `${cap(c.thing)}: everything you need before you arrive.`],
  heroHeadlines: (c) => [`Join us at ${c.thing}`, `${cap(c.thing)} is coming${c.when ? ` on ${c.when}` : ""}`],
  heroBodies: (c) => [
    `${cap(c.brand)} invites you to ${c.thing}${c.when ? ` on ${c.when}` : ""}. Expect practical sessions, good company and time to meet people who do what you do.`,
    `Mark your calendar${c.when ? ` for ${c.when}` : ""}: ${c.thing} brings our ${c.audience} together for a day of talks, workshops and conversation.${c.offer ? ` Book now for ${c.offer}.` : ""}`,
  ],
  ctas: ["Reserve your seat", "Register now", "RSVP now", "Get your ticket"],
  closingHeadlines: (c) => [`See you ${c.when ? `on ${c.when}` : "there"}`, "Bring a friend"],
  closingBodies: (c) => [
    `Registration takes a minute. If plans change, you can cancel from the confirmation email.`,
    `Know someone who would enjoy ${c.thing}? Forward this invitation — there is room for them too.`,
  ],
  themes: (c) => [
    { label: "Agenda", headline: "The day at a glance", body: `Doors open early, keynotes in the morning and hands-on sessions after lunch${c.when ? ` on ${c.when}` : ""}.` },
    { label: "Speakers", headline: "Who you will hear from", body: "Practitioners sharing what worked, what did not and what they would do next time." },
    { label: "Venue", headline: "Getting there", body: "Step-free access, a cloakroom and coffee on arrival. Directions come with your ticket." },
  ],
  faqs: (c) => [
    ["When and where is it?", `${cap(c.thing)} takes place${c.when ? ` on ${c.when}` : " on the date in your invitation"}; the full address is in your confirmation email.`],
    ["How do I register?", "Use the button in this email. It takes about a minute and you get your ticket straight away."],
    ["Is there a cost?", c.offer ? `Book now for ${c.offer}${withCode(c)}.` : "The price is shown when you register; there are no extra fees."],
    ["Can I bring a colleague?", "Yes — forward this invitation and they can register with their own email address."],
  ],
  survey: (c) => [
    [`Will you join us at ${c.thing}?`, ["Yes, count me in", "Maybe", "Can't make it"]],
    ["Which session interests you most?", ["Keynotes", "Workshops", "Networking"]],
    ["How will you attend?", ["In person", "Online", "Not sure yet"]],
  ],
  menu: ["Agenda", "Speakers", "Venue", "Tickets", "FAQ"],
  cart: [
    ["General admission", "All talks and the lunch break", 4900],
    ["Workshop pass", "Admission plus one hands-on workshop", 8900],
    ["Evening reception", "Drinks and conversation after the sessions", 2500],
  ],
};

const onboarding: TypeCopy = {
  fallbackBrand: "the team",
  fallbackThing: "your new account",
  audience: "new members",
  subjects: (c) => [`Welcome to ${c.brand}!`, `Welcome aboard — let's get you set up`, `${cap(c.brand)}: your first three steps`],
  preheaders: (c) => [`Three quick steps and you're ready to go.`, `Everything you need to get started with ${c.brand}.`],
  heroHeadlines: (c) => [`Welcome to ${c.brand}`, "We're glad you're here"],
  heroBodies: (c) => [
    `Thanks for joining ${c.brand}. Here is how to get the most out of ${c.thing} in your first week — it takes less than ten minutes.`,
    `Your account is ready. Follow the steps below and you will be up and running with ${c.thing} before your coffee gets cold.`,
  ],
  ctas: ["Get started", "Finish setting up", "Open your account"],
  closingHeadlines: () => ["Need a hand?", "We're here to help"],
  closingBodies: (c) => [
    `Reply to this email and someone from ${c.brand} will get back to you, usually within a working day.`,
    `Our help centre has short guides for every feature, and you can always reply to reach ${c.team}.`,
  ],
  themes: (c) => [
    { label: "Step 1", headline: "Set up your profile", body: "Add your name and a photo so people know who they are working with." },
    { label: "Step 2", headline: `Explore ${c.thing}`, body: "Take the two-minute tour to see where everything lives." },
    { label: "Step 3", headline: "Invite your team", body: `${c.hasBrand ? cap(c.brand) : "It"} works best together. Invite a colleague and share your first project.` },
  ],
  faqs: (c) => [
    ["Where do I start?", `Finish your profile first, then take the short tour of ${c.thing}.`],
    ["Is there a free trial?", c.offer ? `Yes — ${c.offer}${withCode(c)}.` : "Your plan details, including any trial period, are on your account page."],
    ["How do I invite my team?", "Open Settings, choose Team and enter their email addresses."],
    ["Who do I contact for help?", `Reply to this email; ${c.team.replace(/ team$/, " support team")} reads every message.`],
  ],
  survey: (c) => [
    [`What brings you to ${c.brand}?`, ["Work", "A personal project", "Just exploring"]],
    ["How big is your team?", ["Just me", "2–10 people", "More than 10"]],
    ["What would help you most right now?", ["A quick tour", "Templates", "Talking to a person"]],
  ],
  menu: ["Get started", "Guides", "Community", "Help centre"],
  cart: [
    ["Starter plan", "Everything you need to begin, billed monthly", 900],
    ["Team plan", "Shared workspace for up to ten people", 2900],
    ["Onboarding session", "A one-hour call with a specialist", 4900],
  ],
};

const announcement: TypeCopy = {
  fallbackBrand: "our team",
  fallbackThing: "something new",
  audience: "customers",
  subjects: (c) => [`Introducing ${c.thing}`, `${cap(c.brand)} presents ${c.thing}`, `It's here: ${c.thing}`, `Meet ${c.thing}`],
  preheaders: (c) => [`What's new, why it matters and how to try it today.`, `Built with feedback from our ${c.audience}. Take a look.`],
  heroHeadlines: (c) => [`Meet ${c.thing}`, `${cap(c.thing)} is here`],
  heroBodies: (c) => [
    `Today ${c.brand} is introducing ${c.thing}${c.when ? `, available from ${c.when}` : ""}. It's our answer to what our ${c.audience} asked for most.`,
    `We have been working on ${c.thing} for months, and it is finally ready${c.when ? ` — from ${c.when}` : ""}.${c.offer ? ` To celebrate: ${c.offer}${withCode(c)}.` : ""}`,
  ],
  ctas: ["See what's new", "Learn more", "Try it now", "Take a look"],
  closingHeadlines: () => ["Tell us what you think", "There's more to come"],
  closingBodies: (c) => [
    `Reply to this email with your thoughts — ${c.team} reads every one.`,
    `This is just the start. Watch your inbox for what comes next from ${c.brand}.`,
    "This is just the start. Watch your inbox for what comes next.",
  ],
  themes: (c) => [
    { label: "What's new", headline: `What ${c.thing} does`, body: "The short version: less effort, better results, and nothing new to learn." },
    { label: "Why it matters", headline: "Built on your feedback", body: `Our ${c.audience} told us what slowed them down. This is the fix.` },
    { label: "How to start", headline: "Try it today", body: `${cap(c.thing)} is ready now${c.when ? ` (from ${c.when})` : ""} — no setup needed.` },
  ],
  faqs: (c) => [
    [`What is ${c.thing}?`, `${cap(c.thing)} is the newest release${c.hasBrand ? ` from ${c.brand}` : ""}, built around what our ${c.audience} asked for.`],
    ["When can I use it?", c.when ? `From ${c.when}.` : "It is available now."],
    ["Does it cost extra?", c.offer ? `Launch offer: ${c.offer}${withCode(c)}.` : "Pricing is listed on our website; existing plans keep their price."],
    ["Where can I learn more?", "Follow the link in this email for a short walkthrough."],
  ],
  survey: (c) => [
    [`How excited are you about ${c.thing}?`, ["Very", "A little", "Not yet"]],
    ["What would you use it for first?", ["Work", "Home", "Not sure yet"]],
    ["Would you like a walkthrough?", ["Yes please", "Maybe later", "No thanks"]],
  ],
  menu: ["What's new", "Features", "Pricing", "Support"],
  cart: [
    ["Standard edition", "Everything in the launch release", 4900],
    ["Extended warranty", "Two extra years of cover", 1900],
    ["Carry case", "Padded, water resistant", 2400],
  ],
};

const restaurant: TypeCopy = {
  fallbackBrand: "our kitchen",
  fallbackThing: "our new menu",
  audience: "guests",
  subjects: (c) => [`${cap(c.thing)}, fresh this week`, `${cap(c.thing)} at ${c.brand}`, `Fresh from ${c.brand}: ${c.thing}`, c.offer ? `${cap(c.offer)} at ${c.brand}` : `Your table is waiting at ${c.brand}`],
  preheaders: (c) => [`See what's cooking and book your table.`, `New dishes, old favourites and a seat saved for you${c.when ? ` from ${c.when}` : ""}.`],
  heroHeadlines: (c) => [`${cap(c.thing)} is served`, `Come hungry: ${c.thing}`],
  heroBodies: (c) => [
    `Our chefs have been busy. ${cap(c.thing)} at ${c.brand} is built around seasonal produce and a few dishes our ${c.audience} keep asking for.${c.offer ? ` This time: ${c.offer}${withCode(c)}.` : ""}`,
    `Pull up a chair — ${c.thing} is ready${c.when ? ` from ${c.when}` : ""}. Take a look at what's cooking and save yourself a table.`,
  ],
  ctas: ["Book a table", "Order now", "See the full menu", "Reserve now"],
  closingHeadlines: () => ["Save your seat", "See you soon"],
  closingBodies: (c) => [
    `Tables go quickly on weekends, so book ahead${c.when ? ` for ${c.when}` : ""}. Walk-ins are always welcome at the bar.`,
    `Dietary needs? Let us know when you book and ${c.kitchen} will take care of you.`,
  ],
  themes: (c) => [
    { label: "Starters", headline: "To begin", body: "Small plates to share while you settle in." },
    { label: "Mains", headline: "The main event", body: `The heart of ${c.thing}: seasonal, generous and cooked to order.` },
    { label: "Desserts", headline: "Save room", body: "House-made sweets and a strong espresso to finish." },
    { label: "Drinks", headline: "Something to sip", body: "Local wines, fresh juices and coffee from a nearby roaster." },
  ],
  faqs: (c) => [
    ["Do I need to book?", "Booking is recommended for dinner and weekends; walk-ins are welcome when tables are free."],
    ["Do you cater for allergies?", `Yes. Tell us when you book and ${c.team} will guide you through the menu.`],
    ["Do you offer takeaway?", "Most dishes are available to take away — order ahead and skip the wait."],
    ["Is there a special offer?", c.offer ? `${cap(c.offer)}${withCode(c)}${until(c)}.` : `Follow ${c.hasBrand ? c.brand : "us"} for seasonal specials and tasting nights.`],
  ],
  survey: (c) => [
    [`How was your last visit to ${c.brand}?`, ["Delicious", "Good", "Could be better"]],
    ["What should we cook next?", ["More vegetarian", "More seafood", "More desserts"]],
    ["When do you usually visit?", ["Lunch", "Dinner", "Weekend brunch"]],
  ],
  menu: ["Menu", "Book a table", "Order online", "Hours & location", "Gift cards"],
  cart: [
    ["Seasonal soup", "With bread from the oven", 750],
    ["Chef's salad", "Leaves, herbs and toasted seeds", 1150],
    ["Braised short rib", "Slow-cooked, with mash", 2400],
    ["Lemon tart", "With whipped cream", 800],
  ],
};

const education: TypeCopy = {
  fallbackBrand: "our school",
  fallbackThing: "your next lesson",
  audience: "students",
  subjects: (c) => [`${cap(c.thing)} is ready`, `Learn something new with ${c.brand}`, `${cap(c.brand)}: ${c.thing}`],
  preheaders: (c) => [`A short lesson, a quick check and your next step.`, `Ten minutes today moves you forward${c.when ? ` before ${c.when}` : ""}.`],
  heroHeadlines: (c) => [`Ready for ${c.thing}?`, `Keep learning with ${c.brand}`],
  heroBodies: (c) => [
    `${cap(c.thing)} is waiting for you. Work through it at your own pace, then test yourself with a few quick questions.`,
    `Small steps add up. Here is ${c.thing} from ${c.brand}${c.when ? `, starting ${c.when}` : ""}.${c.offer ? ` Enrol now for ${c.offer}${withCode(c)}.` : ""}`,
  ],
  ctas: ["Start the lesson", "Continue learning", "Enrol now"],
  closingHeadlines: () => ["Keep the streak going", "See you in the next lesson"],
  closingBodies: (c) => [`Learning a little every day beats cramming. ${cap(c.brand)} will send your next lesson soon.`, "Stuck on something? Reply to this email and a tutor will help."],
  themes: (c) => [
    { label: "Overview", headline: "What you will learn", body: `The main ideas behind ${c.thing}, explained simply.` },
    { label: "Practice", headline: "Try it yourself", body: "Short exercises with answers, so you can check your progress." },
    { label: "Next steps", headline: "Where to go from here", body: "Your next lesson and extra reading for the curious." },
  ],
  faqs: (c) => [
    ["How long does it take?", `Most people finish ${c.thing} in about twenty minutes.`],
    ["Do I get a certificate?", "Yes, when you complete every lesson in the course."],
    ["Can I learn on my phone?", "Every lesson works on phone, tablet and desktop."],
    ["What if I fall behind?", "Lessons stay open, so you can catch up whenever suits you."],
  ],
  survey: () => [
    ["How clear was the last lesson?", ["Very clear", "Mostly", "Confusing"]],
    ["How much time can you give each week?", ["Under an hour", "1–3 hours", "More than 3 hours"]],
    ["What format do you prefer?", ["Video", "Reading", "Exercises"]],
  ],
  menu: ["My courses", "Lessons", "Progress", "Help"],
  cart: [
    ["Full course", "Every lesson and the certificate", 9900],
    ["Workbook", "Printable exercises with answers", 1900],
    ["Tutor session", "Thirty minutes, one to one", 3500],
  ],
};

const feedback: TypeCopy = {
  ...announcement,
  fallbackBrand: "our team",
  fallbackThing: "your recent experience",
  subjects: (c) => [`How did ${c.hasBrand ? c.brand : "we"} do?`, `${cap(c.brand)} would love your feedback`, "Two minutes to tell us what you think?"],
  preheaders: (c) => [`Your answers shape what ${c.brand} does next.`, "Three quick questions, no sign-in needed."],
  heroHeadlines: () => ["We'd love your feedback", "How did we do?"],
  heroBodies: (c) => [
    `Thanks for choosing ${c.brand}. Tell us about ${c.thing} — it takes less than a minute and every answer is read.`,
    `Your opinion helps ${c.brand} get better. Answer a few quick questions about ${c.thing}.`,
    `Tell us about ${c.thing} — it takes less than a minute and every answer is read.`,
  ],
  ctas: ["Share your feedback", "Tell us more"],
  closingHeadlines: () => ["Thank you for your time"],
  closingBodies: (c) => [`Every answer is read by ${c.team}. Reply to this email if you want to tell us more.`],
  survey: (c) => [
    [`How satisfied are you with ${c.thing}?`, ["Very satisfied", "Satisfied", "Not satisfied"]],
    [`How likely are you to recommend ${c.brand} to a friend?`, ["Very likely", "Maybe", "Unlikely"]],
    ["What should we improve first?", ["Speed", "Price", "Support"]],
  ],
};

const travel: TypeCopy = {
  fallbackBrand: "our travel team",
  fallbackThing: "your next getaway",
  audience: "travellers",
  subjects: (c) => [c.offer ? `${cap(c.offer)} on ${c.thing}` : `Ready for ${c.thing}?`, `${cap(c.brand)}: ${c.thing}`, `Where to next? ${cap(c.thing)}`],
  preheaders: (c) => [`Hand-picked places, honest prices${c.when ? `, travel from ${c.when}` : ""}.`, "Pack light — we've done the planning."],
  heroHeadlines: (c) => [`${cap(c.thing)} awaits`, `Escape to ${c.thing}`],
  heroBodies: (c) => [
    `${cap(c.brand)} has put together ${c.thing} for ${c.audience} who want more than a postcard view.${c.offer ? ` Book now for ${c.offer}${withCode(c)}${until(c)}.` : ""}`,
    `Sun, culture or quiet? ${cap(c.thing)} has all three${c.when ? `, from ${c.when}` : ""}.`,
  ],
  ctas: ["Explore trips", "Book now", "Plan your trip"],
  closingHeadlines: () => ["Your trip, your way", "Questions before you go?"],
  closingBodies: (c) => [`Our travel experts at ${c.brand} are one reply away, before and during your trip.`, "Our travel experts are one reply away, before and during your trip."],
  themes: (c) => [
    { label: "Stay", headline: "Where you'll stay", body: "Characterful places chosen for location, comfort and a good breakfast." },
    { label: "Explore", headline: "What you'll do", body: `Guided walks, local food and free time to wander ${c.thing}.` },
    { label: "Plan", headline: "How to book", body: `Pick your dates${c.when ? ` from ${c.when}` : ""} and we handle the rest.` },
  ],
  faqs: (c) => [
    ["What is included?", "Accommodation, breakfast and the guided activities listed for each trip."],
    ["Can I change my dates?", "Yes, free of charge up to 14 days before departure."],
    ["Is there a discount?", c.offer ? `${cap(c.offer)}${withCode(c)}${until(c)}.` : "Early bookings get the best rooms and prices."],
    ["Do I need travel insurance?", "We strongly recommend it and can suggest a policy when you book."],
  ],
  survey: () => [
    ["What kind of trip are you dreaming of?", ["Beach", "City", "Mountains"]],
    ["When do you want to travel?", ["This season", "Next season", "Not sure yet"]],
    ["Who are you travelling with?", ["Solo", "Partner", "Family or friends"]],
  ],
  menu: ["Destinations", "Deals", "My trips", "Help"],
  cart: [
    ["City weekend", "Two nights, breakfast included", 29900],
    ["Guided day tour", "Small group, local guide", 7900],
    ["Airport transfer", "Door to door, both ways", 4500],
  ],
};

const nonprofit: TypeCopy = {
  fallbackBrand: "our charity",
  fallbackThing: "our campaign",
  audience: "supporters",
  subjects: (c) => [`Your support changes lives`, `${cap(c.brand)}: ${c.thing}`, `Help us reach our goal${c.when ? ` by ${c.when}` : ""}`],
  preheaders: (c) => [`See what your gifts made possible, and what comes next.`, `Every gift to ${c.brand} goes straight to the work.`],
  heroHeadlines: (c) => [`Together we can do more`, `${cap(c.thing)} needs you`],
  heroBodies: (c) => [
    `Because of ${c.audience} like you, ${c.brand} has been able to keep going. ${cap(c.thing)} is our next step${c.when ? `, and we need to get there by ${c.when}` : ""}.`,
    `${cap(c.thing)} depends on people like you. A small gift today goes further than you think.`,
  ],
  ctas: ["Donate now", "Give today", "Join us"],
  closingHeadlines: () => ["Thank you", "Every gift counts"],
  closingBodies: (c) => [`${cap(c.brand)} is grateful for every one of our ${c.audience}. Reply any time to tell us why you give.`, `We are grateful for every one of our ${c.audience}. Reply any time to tell us why you give.`],
  themes: (c) => [
    { label: "Our impact", headline: "What your gifts did", body: `Last year, ${c.audience} like you kept ${c.hasBrand ? `${c.brand}'s` : "our"} work going through every season.` },
    { label: "The need", headline: "Why now", body: `${cap(c.thing)} has a clear goal${c.when ? ` and a deadline of ${c.when}` : ""}.` },
    { label: "Get involved", headline: "More ways to help", body: "Volunteer, fundraise or share this email with a friend." },
  ],
  faqs: (c) => [
    ["Where does my money go?", `Straight to ${c.thing}. We publish our accounts every year.`],
    ["Can I give monthly?", "Yes — choose monthly on the donation page; you can change or stop it any time."],
    ["Is my donation tax-deductible?", "You receive a receipt for every gift to use with your tax return."],
    ["Can I volunteer instead?", "Absolutely. Reply to this email and we will tell you what is coming up."],
  ],
  survey: () => [
    ["What matters most to you about our work?", ["Local impact", "Transparency", "Speed"]],
    ["How would you like to help?", ["Donate", "Volunteer", "Spread the word"]],
    ["How often should we update you?", ["Monthly", "Quarterly", "Only big news"]],
  ],
  menu: ["Our work", "Donate", "Volunteer", "News"],
  cart: [
    ["Meal pack", "Feeds a family for a day", 1500],
    ["School kit", "Books and supplies for one child", 3000],
    ["Winter blanket", "Warmth for one person", 2000],
  ],
};

const transactional: TypeCopy = {
  ...ecommerce,
  fallbackBrand: "our shop",
  fallbackThing: "your order",
  audience: "customers",
  subjects: (c) => [`${cap(c.thing)} is confirmed`, `Thanks for your order with ${c.brand}`, `Order update from ${c.brand}`],
  preheaders: () => ["Here's your summary and what happens next.", "Everything you need about your order, in one place."],
  heroHeadlines: () => ["Thanks for your order", "You're all set"],
  heroBodies: (c) => [
    `We've received ${c.thing} and ${c.brand} is getting it ready${c.when ? ` for ${c.when}` : ""}. You will get another email when it ships.`,
    `Good news: ${c.thing} is confirmed. Keep this email for your records.`,
  ],
  ctas: ["View your order", "Track your order"],
  closingHeadlines: () => ["Need help with your order?"],
  closingBodies: (c) => [`Reply to this email and ${c.team} will sort it out.`],
};

export const TYPE_COPY: Record<EmailType, TypeCopy> = {
  ecommerce,
  newsletter,
  event,
  onboarding,
  announcement,
  restaurant,
  education,
  feedback,
  travel,
  nonprofit,
  transactional,
};

export function cap(s: string): string {
  return s.length > 0 ? s[0].toUpperCase() + s.slice(1) : s;
}


/**
 * True trivia by topic for the quiz when the prompt names a subject but no facts to ask about.
 * Each entry: question, options, index of the right option, explanation.
 */
export const QUIZ_BANK: Array<{ topic: RegExp; questions: Array<[string, string[], number, string]> }> = [
  {
    topic: /\bcoffee|espresso|roast|barista|beans?\b/i,
    questions: [
      ["Which country grows the most coffee?", ["Colombia", "Brazil", "Vietnam"], 1, "Brazil grows roughly a third of the world's coffee."],
      ["Which coffee species makes up most of the world's harvest?", ["Robusta", "Arabica", "Liberica"], 1, "Arabica accounts for roughly 60% of global production."],
      ["Where, according to legend, was coffee first discovered?", ["Ethiopia", "Italy", "Peru"], 0, "The legend of the goatherd Kaldi places coffee's discovery in Ethiopia."],
    ],
  },
  {
    topic: /\btea\b|matcha|oolong/i,
    questions: [
      ["Green, black and oolong tea all come from which plant?", ["Camellia sinensis", "Rooibos", "Peppermint"], 0, "They are the same plant, processed differently."],
      ["Matcha is made from what?", ["Powdered green tea leaves", "Roasted barley", "Dried hibiscus"], 0, "Matcha is shade-grown green tea, stone-ground to a powder."],
      ["Which country drinks the most tea per person?", ["Japan", "Turkey", "United States"], 1, "Turkey tops the per-person rankings year after year."],
    ],
  },
  {
    topic: /\bspace|planet|astronom|rocket|moon|galaxy|stars?\b|\bsolar\b|\bastronaut|\bnasa\b/i,
    questions: [
      ["Which is the largest planet in our solar system?", ["Saturn", "Jupiter", "Neptune"], 1, "Jupiter is more than twice as massive as all the other planets combined."],
      ["How long does sunlight take to reach Earth?", ["About 8 seconds", "About 8 minutes", "About 8 hours"], 1, "Light covers the 150 million km in roughly 8 minutes 20 seconds."],
      ["Which planet has the most prominent rings?", ["Saturn", "Mars", "Venus"], 0, "Saturn's rings are made of ice and rock and are visible with a small telescope."],
    ],
  },
  {
    topic: /\bocean|sea|marine|whale|beach|coral\b/i,
    questions: [
      ["Which is the largest ocean on Earth?", ["Atlantic", "Indian", "Pacific"], 2, "The Pacific covers about a third of the planet's surface."],
      ["What is the largest animal known to have lived?", ["Blue whale", "Megalodon", "African elephant"], 0, "Blue whales can grow to around 30 metres long."],
      ["Roughly how much of Earth's surface is ocean?", ["About 50%", "About 71%", "About 90%"], 1, "Oceans cover about 71% of the Earth's surface."],
    ],
  },
  {
    topic: /\brun|running|marathon|fitness|gym|workout|training\b/i,
    questions: [
      ["How long is a marathon?", ["40 km", "42.195 km", "45 km"], 1, "The distance was fixed at 42.195 km (26.2 miles) in 1921."],
      ["Which is the largest muscle in the human body?", ["Gluteus maximus", "Biceps", "Quadriceps"], 0, "The gluteus maximus powers every stride and every climb."],
      ["How much moderate activity a week does the WHO recommend for adults?", ["At least 60 minutes", "At least 150 minutes", "At least 500 minutes"], 1, "The WHO recommends 150–300 minutes of moderate activity a week."],
    ],
  },
  {
    topic: /\bbook|novel|reading|library|literature|author\b/i,
    questions: [
      ["Who wrote 'Pride and Prejudice'?", ["Charlotte Brontë", "Jane Austen", "George Eliot"], 1, "Jane Austen published it in 1813."],
      ["In which novel does Atticus Finch appear?", ["To Kill a Mockingbird", "The Great Gatsby", "Of Mice and Men"], 0, "Harper Lee's novel was published in 1960."],
      ["Who wrote the poem 'The Road Not Taken'?", ["Walt Whitman", "Emily Dickinson", "Robert Frost"], 2, "Robert Frost published it in 1916."],
    ],
  },
  {
    topic: /\bbak(?:e|ery|ing)|bread|chocolate|cake|pastry|dessert\b/i,
    questions: [
      ["Chocolate is made from the seeds of which tree?", ["Cacao", "Carob", "Vanilla"], 0, "Cacao beans are fermented, dried and roasted before they become chocolate."],
      ["Which gas makes bread dough rise?", ["Oxygen", "Carbon dioxide", "Nitrogen"], 1, "Yeast produces carbon dioxide, which the gluten traps as bubbles."],
      ["What gives sourdough its tang?", ["Vinegar", "Lactic acid bacteria", "Lemon juice"], 1, "Lactic acid bacteria in the starter produce the sour flavour."],
    ],
  },
  {
    topic: /\btravel|trip|destination|country|countries|city|cities|geograph\w*\b/i,
    questions: [
      ["What is the capital of Australia?", ["Sydney", "Melbourne", "Canberra"], 2, "Canberra was purpose-built as the capital and opened in 1913."],
      ["Which is the longest river in South America?", ["Amazon", "Paraná", "Orinoco"], 0, "The Amazon runs roughly 6,400 km to the Atlantic."],
      ["Mount Everest sits on the border of Nepal and which country?", ["India", "China", "Bhutan"], 1, "The border between Nepal and China (Tibet) runs across the summit."],
    ],
  },
  {
    topic: /\bdinosaurs?\b|\bfossils?\b|jurassic|cretaceous|paleontolog/i,
    questions: [
      ["Which dinosaur had three horns on its face?", ["Stegosaurus", "Triceratops", "Velociraptor"], 1, "Triceratops means 'three-horned face'."],
      ["When did the last non-bird dinosaurs die out?", ["About 66 million years ago", "About 6 million years ago", "About 660 million years ago"], 0, "An asteroid impact about 66 million years ago ended the Cretaceous period."],
      ["Which animals alive today descend from dinosaurs?", ["Birds", "Crocodiles", "Lizards"], 0, "Birds are the living descendants of theropod dinosaurs."],
    ],
  },
  {
    topic: /\bjavascript|\btypescript|\bprogramming|\bcoding\b|\bdevelopers?\b|\bsoftware\b/i,
    questions: [
      ["Which keyword declares a variable that cannot be reassigned?", ["var", "let", "const"], 2, "A const binding cannot be reassigned, although an object it holds can still change."],
      ["Which method turns a JSON string into an object?", ["JSON.parse", "JSON.stringify", "Object.from"], 0, "JSON.parse reads a string; JSON.stringify does the reverse."],
      ["What does typeof null return in JavaScript?", ["null", "object", "undefined"], 1, "A quirk from the first version of the language, kept so old pages keep working."],
    ],
  },
  {
    topic: /\bphishing|\bsecurity|\bpasswords?\b|\bcyber|\bscams?\b|\bfraud/i,
    questions: [
      ["An email asks you to verify your account through its link. What should you do?", ["Log in through the link", "Open the site yourself instead", "Reply with your details"], 1, "Type the address yourself or use a bookmark: phishing links lead to look-alike pages."],
      ["An unexpected attachment arrives from a colleague. What is safest?", ["Open it straight away", "Check with them another way first", "Forward it to the team"], 1, "Accounts get taken over; a quick check by phone or chat stops most attacks."],
      ["Will your IT team ever ask for your password by email?", ["Yes, during audits", "Never", "Only through a manager"], 1, "No legitimate team asks for your password; report any message that does."],
    ],
  },
  {
    topic: /\bmovies?\b|\bfilms?\b|\bcinema|\bhollywood|\boscars?\b/i,
    questions: [
      ["Which film won the first Academy Award for Best Picture?", ["Wings", "Casablanca", "Metropolis"], 0, "Wings, a silent film about First World War pilots, won at the first ceremony in 1929."],
      ["What was Disney's first feature-length animated film?", ["Pinocchio", "Snow White and the Seven Dwarfs", "Fantasia"], 1, "Snow White and the Seven Dwarfs premiered in 1937."],
      ["Which 1927 film began the era of talking pictures?", ["The Jazz Singer", "Citizen Kane", "Modern Times"], 0, "The Jazz Singer was the first feature film with synchronised dialogue."],
    ],
  },
  {
    topic: /.*/,
    questions: [
      ["Who sent the first networked email, in 1971?", ["Ray Tomlinson", "Tim Berners-Lee", "Vint Cerf"], 0, "Ray Tomlinson sent it between two computers on ARPANET."],
      ["Which symbol did that first email address use between user and host?", ["#", "@", "&"], 1, "Tomlinson picked @ because it could not appear in a name."],
      ["What does 'cc' stand for in email?", ["Carbon copy", "Computer copy", "Common contact"], 0, "It comes from the carbon paper once used to copy letters."],
    ],
  },
];
