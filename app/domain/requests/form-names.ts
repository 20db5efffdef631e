// The field names a page form may post, read off its zod schema, and the check every posted name
// passes before conform builds anything from it. conform turns `images[1000000].url` into a list
// of a million and one slots, which zod then walks and the reply sends back whole (one short post
// held the server for seconds), and it gathers the entries of a repeated name by copying the list
// so far for each one (a megabyte of `email=x&` took minutes). Here a name is read segment by
// segment against the schema's shape, each index compared with its own list's maximum as text, and
// the entries of each name are counted, so a refused post costs the reading of its names and
// nothing in proportion to an index.
import { z } from "zod";

/** What a form posts at one name: an object's members, a record's members of any name, a list's entries. */
export interface FieldShape {
  readonly fields?: ReadonlyMap<string, FieldShape>;
  readonly anyField?: FieldShape;
  readonly list?: { readonly max: number; readonly of: FieldShape };
}

/** Why a post was refused, on the field it is about (`images`) or, with `field` "", on the form. */
export interface FormNameRefusal {
  /** conform's name of the field (`images`, `brand.colors.primary`, `images[0].url`), or "" for the form. */
  readonly field: string;
  /** The same field as a zod issue path. */
  readonly path: ReadonlyArray<string | number>;
  readonly message: string;
}

/** Entries a list's name may have past the list's maximum: the schema's own words then say a person picked too many. */
export const EXTRA_LIST_ENTRIES = 16;
/** Entries any other name may have (a hidden `intent` beside a button of the same name posts two). */
export const MAX_VALUE_ENTRIES = 4;
/**
 * Entries of one post, all names together. The builder's Check step, the largest form, has a few
 * hundred (BRIEF_LIMITS' lists); the HTTP server refuses a body of more with 413 before anything
 * parses it (app/http/csrf.server.ts), and this holds what a route builds itself (the library's
 * comma lists, split).
 */
export const MAX_FORM_ENTRIES = 2000;
/** Longer than any name a page renders (`savedSections[1].html`, `brand.colors.background`): refused unread. */
export const MAX_FIELD_NAME_CHARS = 200;
/**
 * conform's own control fields. Its intent names a field (and may carry a value that conform sets
 * there, past this check): the page's own checks post `{"type":"validate","payload":{"name":…}}` as
 * a field is left, and that one kind is read here, its name checked like any other. No page posts
 * another kind or the list state.
 */
const INTENT = "__intent__";
const STATE = "__state__";
/** Longer than any validate intent (its name at MAX_FIELD_NAME_CHARS). */
const MAX_INTENT_CHARS = 300;
/** Schema wrappers and levels read before a shape stops (a recursive schema); a page form needs about 20. */
const MAX_SHAPE_STEPS = 64;

export const FORM_NAME_MESSAGES = {
  unknown: "The form sent a field this page does not have. Reload the page and try again.",
  deeper: "The form sent a field inside this one that it does not have.",
  index: (max: number) => `This list has at most ${max} ${max === 1 ? "entry" : "entries"} (numbered from 0); the form sent another.`,
  entries: (max: number) => `This list has at most ${max} ${max === 1 ? "entry" : "entries"}.`,
  repeated: "The form sent this field more than once.",
  tooMany: "The form sent more fields than this page has. Reload the page and try again.",
} as const;

const shapes = new WeakMap<z.ZodTypeAny, FieldShape>();

/** The shape of the names `schema` reads (read once per schema). A list without a maximum is a mistake in the schema: it throws. */
export function formShape(schema: z.ZodTypeAny): FieldShape {
  let shape = shapes.get(schema);
  if (!shape) {
    shape = shapeOf(schema, { steps: 0 }, "");
    shapes.set(schema, shape);
  }
  return shape;
}

type AnyDef = { typeName?: string } & Record<string, unknown>;

function shapeOf(schema: z.ZodTypeAny, budget: { steps: number }, at: string): FieldShape {
  if (++budget.steps > MAX_SHAPE_STEPS) return {};
  const def = schema._def as AnyDef;
  const inner = (key: string) => shapeOf(def[key] as z.ZodTypeAny, budget, at);
  switch (def.typeName) {
    case z.ZodFirstPartyTypeKind.ZodObject: {
      const shape = (schema as z.AnyZodObject).shape as Record<string, z.ZodTypeAny>;
      const fields = new Map<string, FieldShape>();
      for (const [key, member] of Object.entries(shape)) fields.set(key, shapeOf(member, budget, at ? `${at}.${key}` : key));
      const catchall = def.catchall as z.ZodTypeAny | undefined;
      const anyField = catchall && !(catchall instanceof z.ZodNever) ? shapeOf(catchall, budget, `${at}.*`) : undefined;
      return anyField ? { fields, anyField } : { fields };
    }
    case z.ZodFirstPartyTypeKind.ZodArray: {
      const bound = (def.exactLength ?? def.maxLength) as { value: number } | null;
      if (!bound) throw new Error(`The page form's list "${at}" has no maximum: give it .max() so the names posted for it can be bounded`);
      return { list: { max: bound.value, of: shapeOf(def.type as z.ZodTypeAny, budget, `${at}[]`) } };
    }
    case z.ZodFirstPartyTypeKind.ZodTuple: {
      if (def.rest) throw new Error(`The page form's list "${at}" has no maximum (a tuple with a rest)`);
      const items = def.items as z.ZodTypeAny[];
      return { list: { max: items.length, of: merge(items.map((item) => shapeOf(item, budget, `${at}[]`))) } };
    }
    case z.ZodFirstPartyTypeKind.ZodRecord:
      return { anyField: shapeOf(def.valueType as z.ZodTypeAny, budget, `${at}.*`) };
    case z.ZodFirstPartyTypeKind.ZodUnion:
    case z.ZodFirstPartyTypeKind.ZodDiscriminatedUnion:
      return merge([...(def.options as Iterable<z.ZodTypeAny>)].map((option) => shapeOf(option, budget, at)));
    case z.ZodFirstPartyTypeKind.ZodIntersection:
      return merge([inner("left"), inner("right")]);
    case z.ZodFirstPartyTypeKind.ZodEffects:
      return inner("schema");
    case z.ZodFirstPartyTypeKind.ZodPipeline:
      // What the form posts is the pipeline's input.
      return inner("in");
    case z.ZodFirstPartyTypeKind.ZodOptional:
    case z.ZodFirstPartyTypeKind.ZodNullable:
    case z.ZodFirstPartyTypeKind.ZodDefault:
    case z.ZodFirstPartyTypeKind.ZodCatch:
    case z.ZodFirstPartyTypeKind.ZodReadonly:
      return inner("innerType");
    case z.ZodFirstPartyTypeKind.ZodBranded:
    case z.ZodFirstPartyTypeKind.ZodPromise:
      return inner("type");
    case z.ZodFirstPartyTypeKind.ZodLazy:
      return shapeOf((def.getter as () => z.ZodTypeAny)(), budget, at);
    default:
      // A string, number, boolean, enum, literal, date, file…: a name ends here.
      return {};
  }
}

/** One shape that allows what any of `shapes` allows (the options of a union). */
function merge(shapes: FieldShape[]): FieldShape {
  const fields = new Map<string, FieldShape[]>();
  const anyFields: FieldShape[] = [];
  const lists: Array<NonNullable<FieldShape["list"]>> = [];
  for (const s of shapes) {
    for (const [key, member] of s.fields ?? []) fields.set(key, [...(fields.get(key) ?? []), member]);
    if (s.anyField) anyFields.push(s.anyField);
    if (s.list) lists.push(s.list);
  }
  return {
    ...(fields.size ? { fields: new Map([...fields].map(([key, members]) => [key, merge(members)])) } : {}),
    ...(anyFields.length ? { anyField: merge(anyFields) } : {}),
    ...(lists.length ? { list: { max: Math.max(...lists.map((l) => l.max)), of: merge(lists.map((l) => l.of)) } } : {}),
  };
}

/** An index of a list of `max`: 0 or a decimal without leading zeros, below `max`. Matched as text first, so no run of digits is ever read as a number. */
function isIndex(text: string, max: number): boolean {
  return /^(?:0|[1-9]\d{0,8})$/.test(text) && Number(text) < max;
}

/** The end of the key that starts at `from`: a run of characters other than `.`, `[` and `]` (conform's key). */
function keyEnd(name: string, from: number): number {
  let i = from;
  while (i < name.length && name[i] !== "." && name[i] !== "[" && name[i] !== "]") i++;
  return i;
}

const formatPath = (path: ReadonlyArray<string | number>) =>
  path.reduce<string>((name, s) => (typeof s === "number" ? `${name}[${s}]` : name ? `${name}.${s}` : s), "");

const refusal = (path: Array<string | number>, message: string): FormNameRefusal => ({ field: formatPath(path), path, message });

/** A name that fits the shape: where conform puts its value (`key`), how many entries may go there, and the refusal past them. */
type Placed = { key: string; limit: number; over: () => FormNameRefusal };

/**
 * Where `name` goes in a form of `shape`, or why it may not reach conform. A plain name (`_csrf`,
 * `intent`, a field) always may: conform stores it as one value. A name with structure (`a.b`,
 * `a[0]`, `a[]`) must follow the shape all the way: each member one the schema has, each index
 * below its list's maximum, written as conform writes it (`[2]` or `.2`, no sign, no leading
 * zero), `[]` only at the end of a list.
 */
function place(name: string, shape: FieldShape): Placed | FormNameRefusal {
  if (name === INTENT || name === STATE || name.length > MAX_FIELD_NAME_CHARS) return refusal([], FORM_NAME_MESSAGES.unknown);
  const first = keyEnd(name, 0);
  const key = name.slice(0, first);
  const top = key ? (shape.fields?.get(key) ?? shape.anyField) : undefined;
  if (first === name.length && key) {
    if (!top) return { key, limit: MAX_VALUE_ENTRIES, over: () => refusal([], FORM_NAME_MESSAGES.repeated) };
    return placed([key], top);
  }
  if (!top) return refusal([], FORM_NAME_MESSAGES.unknown);
  let node: FieldShape = top;
  const path: Array<string | number> = [key];
  let i = first;
  while (i < name.length) {
    let segment: string;
    if (name[i] === "[") {
      const close = name.indexOf("]", i + 1);
      if (close < 0) return refusal([], FORM_NAME_MESSAGES.unknown);
      segment = name.slice(i + 1, close);
      i = close + 1;
      if (segment === "") {
        // `list[]`: conform appends the value; only at the end, and only to a list.
        if (i !== name.length) return refusal([], FORM_NAME_MESSAGES.unknown);
        return node.list ? placed(path, node) : refusal(path, FORM_NAME_MESSAGES.deeper);
      }
      if (!node.list) return refusal(path, FORM_NAME_MESSAGES.deeper);
    } else if (name[i] === ".") {
      const end = keyEnd(name, i + 1);
      if (end === i + 1) return refusal([], FORM_NAME_MESSAGES.unknown);
      segment = name.slice(i + 1, end);
      i = end;
    } else return refusal([], FORM_NAME_MESSAGES.unknown);

    if (node.list) {
      // `list.7` is `list[7]` to conform once the list exists: an index either way.
      if (!isIndex(segment, node.list.max)) return refusal(path, FORM_NAME_MESSAGES.index(node.list.max));
      path.push(Number(segment));
      node = node.list.of;
    } else {
      const next: FieldShape | undefined = node.fields?.get(segment) ?? node.anyField;
      if (!next) return refusal(path, FORM_NAME_MESSAGES.deeper);
      path.push(segment);
      node = next;
    }
  }
  return placed(path, node);
}

function placed(path: Array<string | number>, node: FieldShape): Placed {
  const list = node.list;
  return list
    ? { key: formatPath(path), limit: list.max + EXTRA_LIST_ENTRIES, over: () => refusal(path, FORM_NAME_MESSAGES.entries(list.max)) }
    : { key: formatPath(path), limit: MAX_VALUE_ENTRIES, over: () => refusal(path, FORM_NAME_MESSAGES.repeated) };
}

const isRefusal = (p: Placed | FormNameRefusal): p is FormNameRefusal => "message" in p;

/**
 * Reads the entries of a post as they come: each distinct name placed once (a repeated name is a
 * lookup), its entries counted against its limit, and all of them against MAX_FORM_ENTRIES.
 */
function screener(shape: FieldShape) {
  const places = new Map<string, Placed | FormNameRefusal>();
  const counts = new Map<string, number>();
  let entries = 0;
  let intents = 0;
  return (name: string, value: unknown): FormNameRefusal | null => {
    if (++entries > MAX_FORM_ENTRIES) return refusal([], FORM_NAME_MESSAGES.tooMany);
    if (name === INTENT) return ++intents === 1 ? checkIntent(value, shape) : refusal([], FORM_NAME_MESSAGES.unknown);
    let p = places.get(name);
    if (!p) {
      p = place(name, shape);
      places.set(name, p);
    }
    if (isRefusal(p)) return p;
    const n = (counts.get(p.key) ?? 0) + 1;
    counts.set(p.key, n);
    return n > p.limit ? p.over() : null;
  };
}

/** A conform intent that may reach conform: a validate intent of no field (the whole form) or of a name that fits the shape. */
function checkIntent(value: unknown, shape: FieldShape): FormNameRefusal | null {
  const refused = refusal([], FORM_NAME_MESSAGES.unknown);
  if (typeof value !== "string" || value.length > MAX_INTENT_CHARS) return refused;
  let intent: unknown;
  try {
    intent = JSON.parse(value);
  } catch {
    return refused;
  }
  if (!intent || typeof intent !== "object") return refused;
  const { type, payload, ...rest } = intent as { type?: unknown; payload?: unknown };
  if (type !== "validate" || Object.keys(rest).length || !payload || typeof payload !== "object") return refused;
  const { name, ...others } = payload as { name?: unknown };
  if (Object.keys(others).length) return refused;
  if (name === undefined) return null;
  if (typeof name !== "string" || name === INTENT || name === STATE) return refused;
  const p = place(name, shape);
  return isRefusal(p) ? p : null;
}

/**
 * The first refusal among the entries of a post (`FormData` or `[name, value]` pairs, repeats
 * included), or null: one pass, each name read once. The values are read only for conform's intent.
 */
export function checkFormNames(entries: Iterable<readonly [string, unknown]>, shape: FieldShape): FormNameRefusal | null {
  const screen = screener(shape);
  for (const [name, value] of entries) {
    const refused = screen(name, value);
    if (refused) return refused;
  }
  return null;
}

/** The entries of a post that pass, within their counts and at most MAX_FORM_ENTRIES, for a refused form to be shown again with what was typed. */
export function* admittedEntries<T>(entries: Iterable<[string, T]>, shape: FieldShape): Generator<[string, T]> {
  const screen = screener(shape);
  let seen = 0;
  for (const entry of entries) {
    if (++seen > MAX_FORM_ENTRIES) return;
    if (!screen(entry[0], entry[1])) yield entry;
  }
}
