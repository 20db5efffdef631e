import { describe, expect, it } from "vitest";
import { extractDates } from "./dates";

describe("date ranges", () => {
  it.each([
    ["Invitation au Salon Habitat Durable les 14 et 15 mars à Lyon.", "fr", ["14 et 15 mars"]],
    ["Open house on March 14, then a workshop on March 20.", "en", ["March 14", "March 20"]],
  ])("%s", (prompt, language, dates) => {
    expect(extractDates(prompt, language)).toEqual(dates);
  });
});
