// What an email is for, from the prompt's words in the six frame languages (as data). The table is
// read in order, most specific first: an NPS survey is "nps" before it is a "survey", a gift guide
// with a code is a "gift-guide" before it is a "sale".
import type { EmailType } from "~/domain/prompt/facts/types";
import { unicodeWords } from "~/domain/prompt/facts/text";
import type { OccasionKind } from "./schema";

const WORDS: Array<[OccasionKind, RegExp]> = [
  [
    "nps",
    /\bnps\b|net promoter|how likely (?:are you |is it )?(?:that you(?:'d| would) )?(?:to )?recommend|recommanderiez|recommanderez|recomendar[ií]as|weiterempfehlen|recomendaria|consiglieresti|raccomanderesti/iu,
  ],
  ["quiz", /\bquiz+\b|\btrivia\b|\bteste seus conhecimentos\b|\btest your knowledge\b/iu],
  [
    "survey",
    /\bsurvey\b|\bpoll\b|\bquestionnaire\b|\bfeedback\b|\bsondage\b|\benquête\b|\bencuesta\b|\bumfrage\b|\bbefragung\b|\bpesquisa\b|\bquestion[aá]rio\b|\bsondaggio\b|\bquestionario\b/iu,
  ],
  [
    "gift-guide",
    /\bgift guide\b|\bgift ideas\b|\bguide (?:des )?cadeaux\b|\bid[ée]es? cadeaux?\b|\bgu[ií]a de regalos\b|\bideas (?:de|para) regal(?:o|ar)\b|\bgeschenk(?:e)?(?:ideen|guide|führer)\b|\bguia de presentes\b|\bideias de presentes?\b|\bguida (?:ai )?regali\b|\bidee regalo\b/iu,
  ],
  [
    "abandoned-cart",
    /\babandoned cart\b|\bleft (?:something )?(?:in|behind in) your (?:cart|basket|bag)\b|\bpanier abandonn[ée]\b|\bcarrito abandonado\b|\bwarenkorb(?:-| )?(?:abbrecher|vergessen)\b|\bcarrinho abandonado\b|\bcarrello abbandonato\b/iu,
  ],
  [
    "back-in-stock",
    /\bback in stock\b|\bde retour en stock\b|\bde nuevo en stock\b|\bwieder (?:auf lager|verfügbar|da)\b|\bde volta ao estoque\b|\bdi nuovo disponibil[ei]\b/iu,
  ],
  [
    "re-engagement",
    /\bwe miss you\b|\bwin[- ]?back\b|\bre-?engage(?:ment)?\b|\bcome back\b|\bhaven'?t seen you\b|\blapsed\b|\bvous nous manquez\b|\bte echamos de menos\b|\bwir vermissen dich\b|\bsentimos (?:sua|a sua) falta\b|\bci manchi\b/iu,
  ],
  ["webinar", /\bwebinars?\b|\bwebinaires?\b|\bseminario web\b|\bonline-seminar\b/iu],
  [
    "invitation",
    /\byou(?:'re| are) invited\b|\binvitations?\b|\binvite\b|\brsvp\b|\binvitaci[oó]n\b|\beinladung\b|\bconvite\b|\binvito\b|\bvous êtes invit[ée]s?\b/iu,
  ],
  [
    "order-update",
    /\border confirmation\b|\byour order (?:has|is)\b|\breceipt\b|\bshipping confirmation\b|\bconfirmation de commande\b|\bconfirmaci[oó]n de pedido\b|\bbestellbestätigung\b|\bconfirma[çc][ãa]o de pedido\b|\bconferma d'ordine\b/iu,
  ],
  [
    "newsletter",
    /\bnewsletter\b|\bdigest\b|\broundup\b|\bround-up\b|\bbulletin\b|\blettre d'information\b|\bbolet[ií]n\b|\bboletim\b|\bnotiziario\b/iu,
  ],
  [
    "launch",
    /\blaunch(?:es|ing)?\b|\bintroducing\b|\bnew collection\b|\bjust dropped\b|\bnow available\b|\bunveil(?:s|ing)?\b|\blancement\b|\bnouvelle collection\b|\blanzamiento\b|\bnueva colecci[oó]n\b|\bneue kollektion\b|\bmarkteinführung\b|\blan[çc]amento\b|\bnova cole[çc][ãa]o\b|\blancio\b|\bnuova collezione\b/iu,
  ],
  [
    "onboarding",
    /\bonboarding\b|\bwelcome\b|\bgetting started\b|\bget started\b|\bfirst steps\b|\bbienvenue\b|\bbienvenid[oa]s?\b|\bwillkommen\b|\bbem-vind[oa]s?\b|\bbenvenut[oa]\b/iu,
  ],
  [
    "fundraising",
    /\bdonat(?:e|ion|ions)\b|\bfundrais\w*|\bcharity\b|\bgiving tuesday\b|\bfaire un don\b|\bdon(?:ation)?s?\b(?= (?:pour|à))|\bdonaci[oó]n\b|\bdonar\b|\bspende[n]?\b|\bdoa[çc][ãa]o\b|\bdoar\b|\bdonazion[ei]\b|\bdonare\b/iu,
  ],
  [
    "sale",
    /\bsale\b|\d\s?%|\bdiscount\b|\bdeals?\b|\bpromo(?:tion)?\b|\bblack friday\b|\bcyber monday\b|\bclearance\b|\bsoldes\b|\br[ée]duction\b|\brebajas\b|\bdescuento\b|\bofertas?\b|\brabatt\b|\bangebot\b|\bdesconto\b|\bpromo[çc][ãa]o\b|\bliquida[çc][ãa]o\b|\bsaldi\b|\bsconto\b|\bofferta\b/iu,
  ],
  [
    "event",
    /\bevents?\b|\bconference\b|\bworkshop\b|\bmeetup\b|\bsummit\b|\bgala\b|\bfestival\b|\bconcert\b|\bopen house\b|\btasting\b|\bévénement\b|\bsoirée\b|\batelier\b|\bevento\b|\btaller\b|\bveranstaltung\b|\bkonferenz\b|\boficina\b|\bconferenza\b|\bdegustazione\b|\bdégustation\b|\bdegustaci[oó]n\b/iu,
  ],
  ["reminder", /\breminder\b|\brappel\b|\brecordatorio\b|\berinnerung\b|\blembrete\b|\bpromemoria\b/iu],
  [
    "thank-you",
    /\bthank you for\b|\bthanks for\b|\bmerci (?:pour|de)\b|\bgracias por\b|\bdanke für\b|\bobrigad[oa] (?:por|pela|pelo)\b|\bgrazie (?:per|di)\b/iu,
  ],
  [
    "announcement",
    /\bannounc\w*|\bupdate\b|\bnews\b|\bannonce\b|\banuncio\b|\bankündigung\b|\ban[úu]ncio\b|\bannuncio\b|\bnouveaut[ée]s?\b|\bnovedades\b|\bneuigkeiten\b|\bnovidades\b|\bnovit[àa]\b/iu,
  ],
  [
    "menu",
    /\bmenu\b|\bbrunch\b|\bdinner\b|\blunch\b|\brestaurant\b|\bcarte\b|\bmen[uú]\b|\bspeisekarte\b|\bcard[aá]pio\b|\bristorante\b/iu,
  ],
  ["course", /\bcourses?\b|\blessons?\b|\bclass(?:es)?\b|\bcours\b|\bformation\b|\bcursos?\b|\bkurs[e]?\b|\bcorsi?\b/iu],
  ["travel", /\btravel\b|\btrip\b|\bhotel\b|\bflights?\b|\bvoyages?\b|\bviajes?\b|\breisen?\b|\bviage(?:m|ns)\b|\bviaggi?o?\b/iu],
];

export const OCCASION_WORDS: Array<[OccasionKind, RegExp]> = WORDS.map(([kind, re]) => [kind, unicodeWords(re)]);

/** The kind an email type implies when the prompt names no occasion. */
const FROM_TYPE: Record<EmailType, OccasionKind> = {
  ecommerce: "general",
  newsletter: "newsletter",
  event: "event",
  onboarding: "onboarding",
  announcement: "announcement",
  restaurant: "menu",
  education: "course",
  feedback: "survey",
  travel: "travel",
  nonprofit: "fundraising",
  transactional: "order-update",
};

/** Text read for the occasion: what an email is for is said at the start. */
const OCCASION_SAMPLE_CHARS = 2_000;

export function readOccasion(text: string, emailType: EmailType): { kind: OccasionKind; index?: number; text?: string } {
  const sample = text.slice(0, OCCASION_SAMPLE_CHARS);
  for (const [kind, re] of OCCASION_WORDS) {
    const m = re.exec(sample);
    if (m) return { kind, index: m.index, text: m[0] };
  }
  return { kind: FROM_TYPE[emailType] };
}
