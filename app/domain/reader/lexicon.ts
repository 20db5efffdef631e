// Cue phrases as a trie over folded words: the reader looks words up instead of running patterns,
// so adding a cue is adding a string to a language's data file (./cues).
import { phraseParts, type Word } from "./tokens/words";

interface Node<K> {
  next: Map<string, Node<K>>;
  keys: K[];
}

export interface CueMatch<K> {
  key: K;
  /** Index of the first and one past the last word matched. */
  from: number;
  to: number;
  start: number;
  end: number;
}

export class Lexicon<K extends string> {
  private readonly root: Node<K> = { next: new Map(), keys: [] };
  private longest = 0;

  constructor(entries: Partial<Record<K, readonly string[]>>) {
    for (const [key, phrases] of Object.entries(entries) as Array<[K, readonly string[]]>)
      for (const phrase of phrases ?? []) this.add(key, phrase);
  }

  add(key: K, phrase: string): void {
    const parts = phraseParts(phrase);
    if (parts.length === 0) return;
    let node = this.root;
    for (const p of parts) {
      let n = node.next.get(p);
      if (!n) {
        n = { next: new Map(), keys: [] };
        node.next.set(p, n);
      }
      node = n;
    }
    if (!node.keys.includes(key)) node.keys.push(key);
    this.longest = Math.max(this.longest, parts.length);
  }

  /** The longest cue starting at word `i` (of the keys wanted, when given). */
  at(words: readonly Word[], i: number, wanted?: readonly K[]): CueMatch<K> | undefined {
    let node = this.root;
    let best: CueMatch<K> | undefined;
    for (let j = i; j < words.length && j - i < this.longest; j++) {
      const n = node.next.get(words[j].folded);
      if (!n) break;
      node = n;
      const key = wanted ? node.keys.find((k) => wanted.includes(k)) : node.keys[0];
      if (key !== undefined) best = { key, from: i, to: j + 1, start: words[i].start, end: words[j].end };
    }
    return best;
  }

  /** Every cue of every key in the words: at each word, the longest match of each key. A word may start cues of several keys ("invite" is a verb and names the email). */
  every(words: readonly Word[]): CueMatch<K>[] {
    const out: CueMatch<K>[] = [];
    for (let i = 0; i < words.length; i++) {
      let node = this.root;
      const best = new Map<K, CueMatch<K>>();
      for (let j = i; j < words.length && j - i < this.longest; j++) {
        const n = node.next.get(words[j].folded);
        if (!n) break;
        node = n;
        for (const key of node.keys) best.set(key, { key, from: i, to: j + 1, start: words[i].start, end: words[j].end });
      }
      out.push(...best.values());
    }
    return out;
  }

  /** Every cue in the words, longest first from left to right, none overlapping. */
  all(words: readonly Word[], wanted?: readonly K[]): CueMatch<K>[] {
    const out: CueMatch<K>[] = [];
    for (let i = 0; i < words.length;) {
      const m = this.at(words, i, wanted);
      if (m) {
        out.push(m);
        i = m.to;
      } else i++;
    }
    return out;
  }

  /** Whether a cue of one of the keys is among the words. */
  has(words: readonly Word[], wanted: readonly K[]): boolean {
    for (let i = 0; i < words.length; i++) if (this.at(words, i, wanted)) return true;
    return false;
  }

  /** Whether the words are exactly one cue of the keys (a label, a heading). */
  is(words: readonly Word[], wanted: readonly K[]): K | undefined {
    const m = this.at(words, 0, wanted);
    return m && m.to === words.length ? m.key : undefined;
  }
}
