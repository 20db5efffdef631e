// A list typed in one text field, comma-separated ("tabs, carousel"). conform reads repeated
// entries of a name as an array, so the field is split into one entry per item before parsing;
// a reply's initial value (that array) is joined back for the field to show.

/**
 * Items split from one field, at most: more than any list field takes (the library's take 100), so
 * a longer list still arrives too long and is refused whole, and a megabyte of commas is not
 * split into a quarter of a million entries first.
 */
export const MAX_COMMA_ITEMS = 1000;

/** A copy of `form` with each named comma-separated field replaced by one entry per non-blank item (at most MAX_COMMA_ITEMS). */
export function splitCommaLists(original: FormData, names: readonly string[]): FormData {
  // A copy: in the browser, conform submits the FormData it validated.
  const form = new FormData();
  for (const [name, value] of original) form.append(name, value);
  for (const name of names) {
    const value = form.get(name);
    if (typeof value !== "string") continue;
    form.delete(name);
    let items = 0;
    for (let from = 0; from <= value.length && items < MAX_COMMA_ITEMS;) {
      const comma = value.indexOf(",", from);
      const end = comma < 0 ? value.length : comma;
      const item = value.slice(from, end).trim();
      if (item) {
        form.append(name, item);
        items++;
      }
      from = end + 1;
    }
  }
  return form;
}

/** A field's initial value as the text of a comma-separated field. */
export function joinCommaList(value: unknown): string {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string").join(", ");
  return typeof value === "string" ? value : "";
}
