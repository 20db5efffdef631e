// A pasted table (tabs or pipes): its first row names the columns when it holds no values ("Produit |
// Prix | Avant | Lien", "Día | Primero | Segundo | Postre"). A row with a price is one item, its
// cells by their column (the price, the former price, a note, a link); a table without prices
// lists a dish or a thing in each cell, less a first column of days or labels.
import type { CueSet } from "../cues";
import type { Line, Range } from "../layout";
import type { LineTokens, MoneyToken, Token } from "../tokens";
import type { ItemRead } from "./items";
import { pricesOf } from "./items";
import type { QuestionRead } from "./questions";

type Column = "name" | "price" | "was" | "detail" | "link" | "row-label";

export interface TableRead {
  /** The header row's line, when the table has one. */
  header?: number;
  items: ItemRead[];
  /** A quiz or a survey pasted as a table: "Question | A | B | C | Answer". */
  questions: QuestionRead[];
}

/** "Question | A | B | C | Answer": a row per question, its options by column, its answer by letter or words. */
function questionRows(text: string, header: Line, body: Line[], tokens: readonly LineTokens[], cues: CueSet): QuestionRead[] | undefined {
  const heads = (header.cells ?? []).map((cell) => tokens[header.index].words.filter((w) => w.start >= cell.start && w.end <= cell.end));
  const question = heads.findIndex((w) => cues.labels.at(w, 0, ["question"]) !== undefined);
  if (question < 0) return undefined;
  const answer = heads.findIndex(
    (w, i) =>
      i !== question &&
      (cues.labels.at(w, 0, ["answer"]) !== undefined || cues.words.at(w, 0, ["question.correct"]) !== undefined) &&
      !(w.length === 1 && w[0].text.length === 1),
  );
  const options = heads.map((_, i) => i).filter((i) => i !== question && i !== answer);
  return body.flatMap((row) => {
    const cells = row.cells ?? [];
    if (!cells[question]) return [];
    const q: QuestionRead = { text: cells[question], options: options.map((i) => cells[i]).filter(Boolean) };
    const said = answer >= 0 && cells[answer] ? text.slice(cells[answer].start, cells[answer].end).trim().toLowerCase() : "";
    if (said) {
      // "Opción A | Opción B | Correcta: A": an option's letter is its header's last word.
      const letterOf = (i: number) => text.slice(header.cells![i].start, header.cells![i].end).trim().toLowerCase().split(/\s+/).pop();
      const byLetter = options.findIndex((i) => letterOf(i) === said);
      const byWords = q.options.findIndex((o) => text.slice(o.start, o.end).trim().toLowerCase() === said);
      const right = byLetter >= 0 ? byLetter : byWords;
      if (right >= 0) q.correct = right;
    }
    return [q];
  });
}

const inCell = (t: Token, cell: Range) => t.start >= cell.start && t.end <= cell.end;
const valueIn = (tokens: readonly Token[], cell: Range) =>
  tokens.some((t) => t.kind !== "number" && t.kind !== "quoted" && inCell(t, cell));

function columnsOf(text: string, header: Line, lt: LineTokens, cues: CueSet): Column[] {
  let price = false;
  void price;
  return (header.cells ?? []).map((cell, i) => {
    const words = lt.words.filter((w) => w.start >= cell.start && w.end <= cell.end);
    if (cues.words.has(words, ["price.was"]) || cues.words.is(words, ["price.from"])) return "was";
    if (cues.labels.has(words, ["price"]) || cues.words.has(words, ["price.to"])) {
      price = true;
      return "price";
    }
    if (cues.labels.has(words, ["link", "action"])) return "link";
    if (i === 0 && (cues.labels.has(words, ["date", "when"]) || words.some((w) => cues.cues.weekdays.includes(w.folded))))
      return "row-label";
    return i === 0 ? "name" : "detail";
  });
}

/** Amounts without a currency in a column the header calls a price ("Prezzo" over "9,00"), as money in the brief's currency. */
function bareAmounts(text: string, cells: Range[], tokens: readonly Token[], columns: Column[], currency: string): MoneyToken[] {
  const out: MoneyToken[] = [];
  cells.forEach((cell, i) => {
    if (columns[i] !== "price" && columns[i] !== "was") return;
    if (tokens.some((t) => t.kind === "money" && inCell(t, cell))) return;
    const raw = text.slice(cell.start, cell.end).trim();
    const m = /^(\d{1,6})(?:[.,](\d{2}))?$/.exec(raw);
    if (!m) return;
    out.push({
      kind: "money",
      display: raw,
      minor: Number(m[1]) * 100 + Number(m[2] ?? 0),
      currency,
      start: cell.start,
      end: cell.start + raw.length,
    });
  });
  return out;
}

export function tableOf(text: string, rows: Line[], tokens: readonly LineTokens[], cues: CueSet, changeLikely: boolean): TableRead {
  if (rows.length === 0) return { items: [], questions: [] };
  const first = rows[0];
  const headerRow = !tokens[first.index].tokens.some((t) => t.kind === "money" || t.kind === "url") && rows.length > 1 ? first : undefined;
  const columns = headerRow ? columnsOf(text, headerRow, tokens[headerRow.index], cues) : [];
  const body = headerRow ? rows.slice(1) : rows;
  const asked = headerRow ? questionRows(text, headerRow, body, tokens, cues) : undefined;
  if (asked) return { header: headerRow?.index, items: [], questions: asked };
  // The currency the brief writes its prices in, for a price column that gives amounts alone ("9,00").
  const currency = tokens.flatMap((t) => t.tokens).find((t): t is MoneyToken => t.kind === "money")?.currency ?? "EUR";
  const priced = body.some(
    (r) =>
      tokens[r.index].tokens.some((t) => t.kind === "money") ||
      bareAmounts(text, r.cells ?? [], tokens[r.index].tokens, columns, currency).length > 0,
  );
  const items: ItemRead[] = [];
  for (const row of body) {
    const cells = row.cells ?? [];
    const lt = tokens[row.index];
    if (!priced) {
      // A menu by days, a list in a grid: each cell a thing, less the column of row labels.
      cells.forEach((cell, i) => {
        const label =
          columns[i] === "row-label" || (i === 0 && cues.cues.weekdays.includes(text.slice(cell.start, cell.end).toLowerCase()));
        if (
          !label &&
          !valueIn(lt.tokens, cell) &&
          /\p{L}/u.test(text.slice(cell.start, cell.end)) &&
          !/^[-—–]+$/.test(text.slice(cell.start, cell.end).trim())
        )
          items.push({ name: cell });
      });
      continue;
    }
    const col = (i: number): Column => columns[i] ?? (i === 0 ? "name" : "detail");
    const nameAt = cells.findIndex((cell, i) => (col(i) === "name" || col(i) === "detail") && !valueIn(lt.tokens, cell));
    if (nameAt < 0) continue;
    const item: ItemRead = { name: cells[nameAt] };
    const money = [
      ...lt.tokens.filter((t): t is MoneyToken => t.kind === "money"),
      ...bareAmounts(text, cells, lt.tokens, columns, currency),
    ].sort((a, b) => a.start - b.start);
    const byColumn = (c: Column) => money.find((m) => cells.findIndex((cell) => inCell(m, cell)) === columns.findIndex((x) => x === c));
    if (columns.length > 0 && (byColumn("price") || byColumn("was"))) {
      const was = byColumn("was");
      // "Prima | Da settembre": beside a former-price column, the other amount is the price.
      const price = byColumn("price") ?? money.find((m) => m !== was);
      // "Prix actuel | Nouveau prix": two price columns, the later one the new price.
      const prices = money.filter((m) => col(cells.findIndex((cell) => inCell(m, cell))) === "price");
      if (prices.length === 2) {
        item.was = prices[0];
        item.price = prices[1];
      } else {
        if (price) item.price = price;
        if (was) item.was = was;
      }
    } else {
      const { price, was } = pricesOf(text, lt.words, money, cues, changeLikely || money.length === 2);
      if (price) item.price = price;
      if (was) item.was = was;
    }
    const detail = cells.find((cell, i) => i !== nameAt && col(i) === "detail" && !valueIn(lt.tokens, cell));
    if (detail) item.detail = detail;
    for (const t of lt.tokens) if (t.kind === "url") item[t.image ? "image" : "link"] ??= t;
    items.push(item);
  }
  return { header: headerRow?.index, items, questions: [] };
}
