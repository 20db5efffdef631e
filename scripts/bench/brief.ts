// npm run bench -- brief: ms per readBrief call (the brief reader, app/domain/reader), per input
// size, for the costliest hostile prompt and over the dev briefs of the corpus (scripts/eval/briefs);
// the lines and targets are those of ./lib/reader-bench.
import { readBrief } from "~/domain/reader";
import { splitOf } from "~/domain/eval/brief-corpus";
import { loadCorpus } from "../eval/brief-corpus";
import { benchReader } from "./lib/reader-bench";

const { briefs, errors } = loadCorpus();
if (errors.length) throw new Error(`the brief corpus does not load: ${errors[0]}`);
// The dev briefs only: the held-out ones stay unread outside their own check.
const prompts = briefs.filter((b) => splitOf(b.id) === "dev").map((b) => b.prompt);
benchReader({ name: "brief", read: (p) => readBrief(p), table: { name: "corpus", prompts, warmRuns: 2, runs: 3 } });
