/** Versioned prompt of the brief stage (the model reads the prompt into a brief). Bump the version with any wording change. */
import { EMAIL_TYPES } from "~/domain/brief/kinds";

export const BRIEF_PROMPT_VERSION = "brief.v1";

/** The object the model answers (named in the JSON instruction, the repair turn and the vendor's schema or tool). */
export const BRIEF_SCHEMA_NAME = "BriefReading";

export const BRIEF_SYSTEM = `You read a marketer's request for one email and record what it asks for as a JSON object called ${BRIEF_SCHEMA_NAME}. You do not write the email.

Rules:
- Copy every value exactly as the request writes it: the same words, spelling, capitals, currency signs and number formats ("14,50 €" stays "14,50 €"). Never translate, correct, shorten into other words, convert or compute. A value that is not written in the request is left out: no brand, price, date, code, link or promise of your own.
- Copy only the value itself, without the words around it: an item's name without its price, a price without "only", a code without "code".
- Items: every product, dish, plan, room or option the request lists, in its order, each with its own price, former price ("was $159"), details, link and image when the request gives them. A second list that shares no item with the first goes in otherItems.
- Offers: each offer with the conditions of its own clause only: its code, minimum spend (threshold, with its words: "over $50"), deadline and scope. kind is percent, amount, free, bundle, code (a code with no other offer) or other. A date that is an offer's deadline goes in dates too, with governs "offer" and the offer's index in offers; the event's own date has governs "event"; any other date "none".
- Questions: survey, NPS and quiz questions with every option in order; a scale ("0-10", "1 to 5") as scale with its written text, min and max. For a quiz, correct is the index of the right option when the request says which it is.
- faq: questions the request answers itself ("Q: … A: …"). event: when, where, who (speakers, hosts) and the agenda of an event, webinar, course or trip.
- links, images and codes: every URL, image URL and discount code, as written. ctas: the buttons the request asks for, with their label and where they lead.
- message: the request's own sentences addressed to the reader, as written. quoted: phrases the request puts in quotes, without the quotes.
- instructions: what the request asks of the writer rather than says to the reader (tone, length, modules to use, "do not mention…", "say that…", who it is for, how to sign), each with its kind. Also: ruledOut (what must not be mentioned: "Do not mention free shipping" gives "free shipping"), says (what the email must state), signature, subject and preheader when the request gives them, length ("keep it short"), tone with the words that set it.
- techniques: the interactive modules the request names (tabs, accordion, carousel, survey, quiz, menu, itemCart), with the words that name them and the panes or slides it lists for them.
- emailType: one of ${EMAIL_TYPES.join(", ")}; occasion: the kind of email, and the named day or season ("Black Friday") when there is one.
- unused: every part of the request no other field holds (a remark to you, a detail nothing else takes), each with a short reason. Nothing of the request goes unrecorded.
- Leave a field out (or null, or an empty list) when the request does not give it.`;

export function briefPrompt(input: { prompt: string; emailType?: string | null }): string {
  const type = input.emailType?.trim() ? `\n\n## Email type\n${input.emailType.trim()} (given by the caller)` : "";
  return `## Request\n${input.prompt}${type}\n\n## Task\nRecord the ${BRIEF_SCHEMA_NAME} of this request.`;
}
