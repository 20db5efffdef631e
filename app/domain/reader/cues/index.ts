// The cue words the reader uses for a brief: its language's, with English's beside them (briefs in
// every language write "CTA", "FAQ", "Button:", "newsletter"), compiled once into lexicons.
import { Lexicon } from "../lexicon";
import { en } from "./en";
import { de } from "./de";
import { es } from "./es";
import { fr } from "./fr";
import { it } from "./it";
import { pt } from "./pt";
import { nl } from "./nl";
import { pl } from "./pl";
import { sv } from "./sv";
import { ca } from "./ca";
import type { Cues, LabelKey, TechniqueKey, KindKey } from "./types";
import type { Tone } from "~/domain/brief/kinds";

export const CUES: Readonly<Record<string, Cues>> = { en, fr, de, es, it, pt, nl, pl, sv, ca };

export interface CueSet {
  lang: string;
  /** The language's cues and English's, list by list. */
  cues: Cues;
  labels: Lexicon<LabelKey>;
  techniques: Lexicon<TechniqueKey>;
  kinds: Lexicon<KindKey>;
  tones: Lexicon<Tone>;
  /** Every other list, keyed "instruction.verb", "offer.free", "price.was", "length.short"… */
  words: Lexicon<string>;
}

function merged(own: Cues): Cues {
  if (own === en) return en;
  const join = <T>(a: Partial<Record<string, T[]>>, b: Partial<Record<string, T[]>>): Partial<Record<string, T[]>> => {
    const out: Partial<Record<string, T[]>> = { ...b };
    for (const [k, v] of Object.entries(a)) out[k] = [...(v ?? []), ...(b[k] ?? [])];
    return out;
  };
  return {
    ...own,
    abbreviations: [...own.abbreviations, ...en.abbreviations],
    months: [...own.months, ...en.months],
    weekdays: [...own.weekdays, ...en.weekdays],
    durations: [...own.durations, ...en.durations],
    notDates: [...own.notDates, ...en.notDates],
    dayWords: [...(own.dayWords ?? []), ...(en.dayWords ?? [])],
    dateJoiners: [...own.dateJoiners, ...en.dateJoiners],
    rangeOpeners: [...(own.rangeOpeners ?? []), ...(en.rangeOpeners ?? [])],
    percentWords: [...own.percentWords, ...en.percentWords],
    list: { and: [...own.list.and, ...en.list.and], or: [...own.list.or, ...en.list.or], but: [...own.list.but, ...en.list.but] },
    secondPerson: [...own.secondPerson, ...en.secondPerson],
    determiners: [...own.determiners, ...en.determiners],
    nameJoiners: [...own.nameJoiners, ...en.nameJoiners],
    labels: join(own.labels, en.labels),
    instruction: join(own.instruction, en.instruction),
    tone: join(own.tone, en.tone),
    length: { short: [...own.length.short, ...en.length.short], long: [...own.length.long, ...en.length.long] },
    offer: join(own.offer, en.offer),
    price: join(own.price, en.price),
    question: join(own.question, en.question),
    event: join(own.event, en.event),
    brand: join(own.brand, en.brand),
    occasion: join(own.occasion ?? {}, en.occasion ?? {}),
    kinds: join(own.kinds, en.kinds),
    techniques: join(own.techniques, en.techniques),
    notNames: [...own.notNames, ...en.notNames],
  } as Cues;
}

function flat(cues: Cues): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const put = (prefix: string, lists: Partial<Record<string, string[]>>) => {
    for (const [k, v] of Object.entries(lists)) out[`${prefix}.${k}`] = v ?? [];
  };
  put("instruction", cues.instruction);
  put("offer", cues.offer);
  put("price", cues.price);
  put("question", cues.question);
  put("event", cues.event);
  put("brand", cues.brand);
  put("occasion", cues.occasion ?? {});
  put("length", cues.length);
  put("label", cues.labels);
  put("list", cues.list);
  out["months"] = cues.months;
  out["weekdays"] = cues.weekdays;
  out["durations"] = cues.durations;
  return out;
}

const cache = new Map<string, CueSet>();

/** The cue set of a language (a language without a file of its own reads with English's). */
export function cuesFor(lang: string): CueSet {
  const key = CUES[lang] ? lang : "en";
  let set = cache.get(key);
  if (!set) {
    const cues = merged(CUES[key]);
    set = {
      lang: key,
      cues,
      labels: new Lexicon<LabelKey>(cues.labels),
      techniques: new Lexicon<TechniqueKey>(cues.techniques),
      kinds: new Lexicon<KindKey>(cues.kinds),
      tones: new Lexicon<Tone>(cues.tone),
      words: new Lexicon<string>(flat(cues)),
    };
    cache.set(key, set);
  }
  return set;
}
