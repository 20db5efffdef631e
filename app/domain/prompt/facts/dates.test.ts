import { describe, expect, it } from "vitest";
import { extractDates } from "./dates";

describe("date ranges", () => {
  it.each([
    ["Invitation au Salon Habitat Durable les 14 et 15 mars à Lyon.", "fr", ["14 et 15 mars"]],
    ["Open house on March 14, then a workshop on March 20.", "en", ["March 14", "March 20"]],
    // chrono reads the days of these ranges without the month that follows them.
    ["Invitación a la Feria del Libro Sevilla del 2 al 11 de mayo: firmas de autores.", "es", ["del 2 al 11 de mayo"]],
    // The word that opens a range of days is the range's ("Quando: dal 3 al 6 aprile").
    ["Invito alla Fiera del Design Milano dal 3 al 6 aprile: mostre.", "it", ["dal 3 al 6 aprile"]],
    ["Salon du 3 au 6 avril à Lyon.", "fr", ["du 3 au 6 avril"]],
    ["Poll: 3 of May or 4 of June?", "en", ["3 of May", "4 of June"]],
    // A part of the day alone and a decade say no when.
    ["Trivia night: 2 questions about 80s games, and which night suits you — Thursday or Friday.", "en", ["Thursday", "Friday"]],
    ["carousel of 5 beach hotels, sunseekers travel, from $129/night", "en", []],
    // How long is not when; "in 3 days" is.
    ["Festival de Jazz del 12 al 15 de junio. Abono 4 días 65,00 €, entrada de día 22,50 €.", "es", ["del 12 al 15 de junio"]],
    ["Escapada a Lisboa de 4 días desde 349 €.", "es", []],
    ["Sale ends in 3 days.", "en", ["in 3 days"]],
  ])("%s", (prompt, language, dates) => {
    expect(extractDates(prompt, language)).toEqual(dates);
  });
});
