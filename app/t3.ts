import { readPromptBrief } from "~/domain/reader/read";
const p = process.argv[2].replace(/\\n/g, "\n");
const b = readPromptBrief(p);
console.log(JSON.stringify({ ctas: b.ctas, items: b.items.map(i=>[i.name.value,i.price?.display]), ruledOut: b.ruledOut.map(r=>r.value), instr: b.instructions.map(i=>i.kind+":"+i.text.value), msg: b.message.map(m=>m.value), unused: b.unused.map(u=>u.text.value) }, null, 0));
