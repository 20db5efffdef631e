// npm run bench -- prompt-facts: ms per parsePromptFacts call (the earlier prompt reader, which the
// copy, the judge and QA still read with), per input size, for the costliest hostile prompt and over
// the table of phrasings; the lines and targets are those of ./lib/reader-bench.
import { parsePromptFacts } from "~/domain/prompt/facts";
import { PHRASINGS } from "../../test/fixtures/prompt-facts/phrasings";
import { benchReader } from "./lib/reader-bench";

const prompts = PHRASINGS.map((p) => p.prompt);
benchReader({ name: "prompt-facts", read: (p) => parsePromptFacts(p), table: { name: "phrasings", prompts, warmRuns: 3, runs: 5 } });
