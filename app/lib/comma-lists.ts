// A list typed in one text field, comma-separated ("tabs, carousel"). conform reads repeated
// entries of a name as an array, so the field is split into one entry per item before parsing;
// a reply's initial value (that array) is joined back for the field to show.

/** A copy of `form` with each named comma-separated field replaced by one entry per non-blank item. */
export function splitCommaLists(original: FormData, names: readonly string[]): FormData {
  // A copy: in the browser, conform submits the FormData it validated.
  const form = new FormData();
  for (const [name, value] of original) form.append(name, value);
  for (const name of names) {
    const value = form.get(name);
    if (typeof value !== "string") continue;
    form.delete(name);
    for (const item of value.split(",")) if (item.trim()) form.append(name, item.trim());
  }
  return form;
}

/** A field's initial value as the text of a comma-separated field. */
export function joinCommaList(value: unknown): string {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string").join(", ");
  return typeof value === "string" ? value : "";
}
