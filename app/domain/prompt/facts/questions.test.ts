// Survey and quiz questions read from a prompt (docs/brief.md): the question's own words and
// every option, in the six frame languages.
import { describe, expect, it } from "vitest";
import { questionMentions } from "./questions";

const read = (prompt: string) =>
  questionMentions(prompt, { full: true }).map((q) => ({ text: q.text, options: q.options.map((o) => o.text) }));

describe("questions and their options", () => {
  // [prompt, the question's words, its options]
  const TABLE: Array<[string, string, string[]]> = [
    [
      "Trivia night at Retro Arcade Bar: a quick quiz (2 questions about 80s games) and a poll asking which night suits you — Thursday or Friday.",
      "Which night suits you",
      ["Thursday", "Friday"],
    ],
    [
      "Course feedback for Brightline Academy: How would you rate the course (1–5)? Which module helped most: Budgeting, Investing or Taxes?",
      "Which module helped most?",
      ["Budgeting", "Investing", "Taxes"],
    ],
    [
      "Sondage pour Atelier Lune : quel atelier préférez-vous : poterie, tissage ou gravure ?",
      "Quel atelier préférez-vous?",
      ["poterie", "tissage", "gravure"],
    ],
    [
      "Encuesta de Café Sol: ¿cuál es tu bebida favorita: café, té o chocolate?",
      "¿cuál es tu bebida favorita?",
      ["café", "té", "chocolate"],
    ],
    [
      "Umfrage von Buchladen Nord: welche Gattung lesen Sie am liebsten: Krimi, Roman oder Sachbuch?",
      "Welche Gattung lesen Sie am liebsten?",
      ["Krimi", "Roman", "Sachbuch"],
    ],
    ["Pesquisa da Loja Mar: qual sabor você prefere: morango, limão ou manga?", "Qual sabor você prefere?", ["morango", "limão", "manga"]],
    [
      "Sondaggio di Forno Blu: quale pane preferisci: integrale, bianco o segale?",
      "Quale pane preferisci?",
      ["integrale", "bianco", "segale"],
    ],
    // A bare list after the question, to its sentence's end.
    ["quick poll for lumo app users: favorite widget? clock, weather or notes", "Favorite widget?", ["clock", "weather", "notes"]],
    [
      "Sondage de l'Atelier Céramique Nord : quel créneau préférez-vous ? mardi soir, jeudi soir ou samedi matin.",
      "Quel créneau préférez-vous?",
      ["mardi soir", "jeudi soir", "samedi matin"],
    ],
    [
      "Encuesta de Gimnasio Olas: ¿qué clase quieres los domingos? yoga, spinning o pilates.",
      "¿qué clase quieres los domingos?",
      ["yoga", "spinning", "pilates"],
    ],
    [
      "Umfrage vom Sportverein Nord: welcher Kurs am Sonntag? Yoga, Pilates oder Spinning.",
      "Welcher Kurs am Sonntag?",
      ["Yoga", "Pilates", "Spinning"],
    ],
    [
      "Pesquisa da Padaria Trigo Bom: qual pão você quer no café da manhã? francês, integral ou de queijo.",
      "Qual pão você quer no café da manhã?",
      ["francês", "integral", "de queijo"],
    ],
    [
      "Sondaggio della Scuola Respiro: quale orario preferisci? mattina, pausa pranzo o sera.",
      "Quale orario preferisci?",
      ["mattina", "pausa pranzo", "sera"],
    ],
    // Options that are the whole question, with nothing asking before them, stay as they were.
    ["Quick poll for Nido: tea, coffee or cocoa?", "Tea, coffee or cocoa?", ["tea", "coffee", "cocoa"]],
  ];
  it.each(TABLE)("%s", (prompt, text, options) => {
    const q = read(prompt).find((x) => x.options.length > 0 && x.options.length < 5);
    expect(q).toEqual({ text, options });
  });

  it("does not read a sentence after a question as its options", () => {
    expect(
      read("Follow-up for the Design Meetup: would you come again? Reply by Friday or Monday with your thoughts on the venue.")[0]?.options,
    ).toEqual([]);
    expect(read("Poll for Nido: which day suits you? Answers at https://nido.example/a or b.")[0]?.options).toEqual([]);
  });
});
