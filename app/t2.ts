import { cuesFor } from "~/domain/reader/cues";
import { instructionOf } from "~/domain/reader/instruction";
import { wordsOf } from "~/domain/reader/tokens/words";
const cues = cuesFor(process.argv[2]);
for (const t of process.argv.slice(3)) {
  const words = wordsOf(t);
  console.log(JSON.stringify(t), "=>", JSON.stringify(instructionOf({ range: { start: 0, end: t.length }, words, text: t, first: true, hasValues: false }, cues)), cues.words.every(words).map((m) => m.key + ":" + t.slice(m.start, m.end)).join(", "));
}
