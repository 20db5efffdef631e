import type Nlp from "compromise/two";
import { boundedPieces } from "./text";

/**
 * compromise's part-of-speech tags over the start of the prompt. Its tagger is the costly step of
 * the parser (about 0.05 ms per character, and worse on one endless sentence such as "Tab: " × 4,000),
 * so it reads a bounded prefix cut into bounded sentences: a brief names its brand, product and
 * counts in the first lines.
 */

let loaded: typeof Nlp | undefined;

/**
 * compromise builds its lexicon when it is loaded (a quarter to half a second), so it is loaded at
 * the first prompt read, not when the server starts (scripts/start.ts warms it up after listening).
 */
function nlp(text: string): ReturnType<typeof Nlp> {
  loaded ??= require("compromise/two") as typeof Nlp;
  return loaded(text);
}

/** Characters compromise tags at most. */
const NLP_SAMPLE_CHARS = 600;
/** The longest sentence handed to compromise at once; a longer one is cut at a word boundary. */
const NLP_SENTENCE_CHARS = 200;

export type TaggedSentence = Term[] & { listAfterColon?: boolean };

export interface Term {
  text: string;
  /** Lowercase form without punctuation. */
  normal: string;
  /** Punctuation and blanks after the word ("," "? "): a run of names stops at punctuation. */
  post: string;
  tags: Set<string>;
  /** Index of the word in its sentence. */
  position: number;
}

interface RawTerm {
  text: string;
  normal?: string;
  post?: string;
  tags: Set<string>;
}

/**
 * The sentences that can hold a proper noun: a capital after the sentence's first word. The rest
 * ("Tab: Tab: …", an all-lowercase prompt) gives the tagger nothing to find and costs the most.
 */
function namedSentences(prompt: string): string[] {
  const out: string[] = [];
  let chars = 0;
  let afterColon = false;
  for (const sentence of prompt.slice(0, NLP_SAMPLE_CHARS * 4).split(/(?<=[.!?:;\n])\s+/)) {
    // A colon followed by a list: "agenda: Keynote, Platform Engineering track, …".
    const listed = afterColon && /,|\sand\s/.test(sentence);
    afterColon = sentence.trimEnd().endsWith(":");
    // What follows a colon is content (a list, an agenda), not who the email is from.
    if (listed || !/\s[\p{Lu}]/u.test(sentence.trim())) continue;
    if (chars + sentence.length + 1 > NLP_SAMPLE_CHARS) break;
    chars += sentence.length + 1;
    out.push(sentence);
  }
  return out;
}

/** The tagged sentences of the prompt's start that can hold a name. */
export function tagSentences(prompt: string): TaggedSentence[] {
  const out: TaggedSentence[] = [];
  for (const chunk of boundedPieces(namedSentences(prompt).join(" "), NLP_SAMPLE_CHARS, NLP_SENTENCE_CHARS)) {
    const docs = (nlp(chunk) as unknown as { document: RawTerm[][] }).document;
    for (const sentence of docs) {
      out.push(
        sentence.map((t, position) => ({
          text: t.text,
          normal: t.normal ?? t.text.toLowerCase(),
          post: t.post ?? "",
          tags: t.tags,
          position,
        })),
      );
    }
  }
  return out;
}
