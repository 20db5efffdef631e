// The one way a page form is parsed (docs/conventions.md, "Page forms"): conform's parseWithZod,
// after every posted name has passed the schema's shape (form-names.ts). A refused post never
// reaches the form's schema: the answer is conform's own, a submission with the refusal on the
// field it is about, so every page shows it as it shows its other field errors (400).
import { parseWithZod, type Submission } from "@conform-to/zod";
import { z } from "zod";
import { admittedEntries, checkFormNames, formShape, type FormNameRefusal } from "./form-names";

const refusals = new WeakMap<object, FormNameRefusal>();

/** Why `submission` was refused before its schema ran (its names), or undefined: a route that works on after field errors stops here. */
export const namesRefused = (submission: object): FormNameRefusal | undefined => refusals.get(submission);

/** `parseWithZod(payload, { schema })`, once the names posted fit the schema's shape. */
export function parsePageForm<Schema extends z.ZodTypeAny>(
  payload: FormData | URLSearchParams,
  options: { schema: Schema },
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  const shape = formShape(options.schema);
  const entries = payload as Iterable<[string, FormDataEntryValue]>;
  const refused = checkFormNames(entries, shape);
  if (!refused) return parseWithZod(payload, { schema: options.schema });
  // What was typed comes back with the refusal, minus the names that were refused.
  const kept = new FormData();
  for (const [name, value] of admittedEntries(entries, shape)) kept.append(name, value);
  const submission = parseWithZod(kept, { schema: refusalSchema(refused) });
  refusals.set(submission, refused);
  return submission as unknown as Submission<z.input<Schema>, string[], z.output<Schema>>;
}

/** A schema that answers `refused` whatever it is given: conform turns its issue into the field's error. */
const refusalSchema = (refused: FormNameRefusal) =>
  z.any().superRefine((_, ctx) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [...refused.path], message: refused.message }));
