import { readPromptBrief } from "~/domain/reader/read";
import fs from "node:fs";
import { createHash } from "node:crypto";
const [lang, n, skip] = [process.argv[2], Number(process.argv[3] ?? 3), Number(process.argv[4] ?? 0)];
const out: unknown[] = [];
for (const f of fs.readdirSync("scripts/eval/briefs").filter((f) => f.endsWith(".json")).sort()) for (const b of JSON.parse(fs.readFileSync("scripts/eval/briefs/" + f, "utf8"))) {
  if (createHash("sha256").update(b.id).digest()[0] % 4 === 0) continue;
  if (lang && lang !== "all" && b.language !== lang && b.id !== lang) continue;
  out.push(b);
}
for (const b of out.slice(skip, skip + n) as any[]) {
  const r = readPromptBrief(b.prompt);
  const s = (x: any) => x?.value;
  console.log("=====", b.id);
  console.log(b.prompt);
  console.log("-- brand:", s(r.brand), "| kind:", r.occasion.kind, "| lang:", r.language.code, "| tone:", r.tone.value, r.length?.value ?? "");
  console.log("-- items:", r.items.map((i) => `${i.name.value} [${i.price?.display ?? ""}${i.was ? " was " + i.was.display : ""}]${i.detail ? " {" + i.detail.value + "}" : ""}${i.link ? " L" : ""}${i.image ? " I" : ""}`).join(" ; "));
  console.log("-- offers:", r.offers.map((o) => `${o.text.value} (code ${s(o.code)}, min ${o.threshold?.price.display}, until ${s(o.deadline)}, scope ${s(o.scope)})`).join(" ; "));
  console.log("-- questions:", r.questions.map((q) => `${q.text.value} => ${q.options.map((o) => o.value).join(" / ")}${q.correct !== undefined ? " ✓" + q.correct : ""}`).join(" ; "));
  console.log("-- faq:", r.faq.map((f) => f.question.value + " => " + f.answer.value).join(" ; "));
  console.log("-- event:", JSON.stringify(r.event && { when: s(r.event.when), where: s(r.event.where), who: r.event.who.map(s), agenda: r.event.agenda.map(s) }));
  console.log("-- ctas:", r.ctas.map((c) => `${c.label.value} -> ${s(c.url)}`).join(" ; "), "| techniques:", r.techniques.map((t) => t.technique + "[" + t.panes.map(s).join(",") + "]").join(" "));
  console.log("-- instructions:", r.instructions.map((i) => `${i.kind}: ${i.text.value}`).join(" || "));
  console.log("-- ruledOut:", r.ruledOut.map(s).join(" ; "), "| says:", r.says.map(s).join(" ; "), "| subject:", s(r.subject), "| sig:", s(r.signature));
  console.log("-- message:", r.message.map(s).join(" || "));
  console.log("-- unused:", r.unused.map((u) => u.text.value).join(" || "));
  console.log("-- EXPECT:", JSON.stringify(b.expect));
}
