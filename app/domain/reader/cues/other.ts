// Function words of languages Kinetic reads but writes no frame for: enough to tell them from the
// six frame languages when franc's trigrams hesitate (Catalan beside Spanish, Dutch beside German).
export const OTHER_FUNCTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  da: [
    "og",
    "at",
    "det",
    "en",
    "et",
    "for",
    "med",
    "på",
    "af",
    "til",
    "vores",
    "jer",
    "er",
    "ikke",
    "men",
    "som",
    "den",
    "har",
    "også",
    "eller",
  ],
  ro: ["și", "în", "la", "de", "cu", "pentru", "pe", "nu", "este", "sunt", "noastre", "nostru", "vă", "din", "sau"],
  tr: ["ve", "bir", "bu", "için", "ile", "de", "da", "değil", "çok", "daha", "en", "gibi"],
};
