// Step 2: what Kinetic understood of the prompt, as an editable form, beside the prompt with the
// place each value was read marked. Plain inputs and submit buttons inside the page's <Form>: adding
// and removing rows posts (intents `add:…` / `remove:…`) and the server renders the edited form, so
// it all works without JavaScript; with it, focusing a field highlights where it was read.
import { useState } from "react";
import { draftMarks, markedPieces, type DraftText, type UnderstoodDraft } from "~/domain/brief/form";
import { OCCASION_KINDS, type Brief as UnderstoodBrief } from "~/domain/brief/schema";
import { FRAME_LANGUAGES, type FrameLanguage } from "~/domain/prompt/facts/types";
import type { FieldErrors } from "~/services/builder.server";

const KEY_WORDS: Record<string, string> = {
  brand: "Brand",
  product: "Topic",
  message: "Message",
  emailType: "Email type",
  occasion: "Occasion",
  language: "Language",
  name: "name",
  price: "price",
  detail: "detail",
  link: "link URL",
  image: "image URL",
  text: "",
  code: "code",
  threshold: "minimum spend",
  deadline: "deadline",
  scope: "applies to",
  options: "options",
  items: "Items",
  offers: "Offers",
  questions: "Questions",
  links: "Links",
};

/** The frame languages in their own names, as a reader looks for them. */
const LANGUAGE_NAMES: Record<FrameLanguage, string> = {
  en: "English",
  fr: "Français",
  es: "Español",
  de: "Deutsch",
  pt: "Português",
  it: "Italiano",
};

/** A field name of this form in words ("u.items.0.price" → "Item 1 price"), for the error summary. */
export function understoodLabel(name: string): string {
  const parts = name.split(".").slice(1);
  const row = {
    items: "Item",
    offers: "Offer",
    questions: "Question",
    links: "Link",
    message: "Message sentence",
    options: "option",
  } as Record<string, string>;
  const words: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const next = parts[i + 1];
    if (row[p] && next !== undefined && /^\d+$/.test(next)) {
      words.push(`${row[p]} ${Number(next) + 1}`);
      i++;
    } else words.push(KEY_WORDS[p] ?? p);
  }
  return words.filter(Boolean).join(" ");
}

const idOf = (name: string) => `bld-${name.replace(/\./g, "-")}`;
const errId = (name: string) => `err-${name.replace(/\./g, "-")}`;

function Note({ name, errors, asks }: { name: string; errors?: FieldErrors; asks?: FieldErrors }) {
  const error = errors?.[name];
  const ask = asks?.[name];
  if (error)
    return (
      <p className="bld-field-error" id={errId(name)}>
        {error}
      </p>
    );
  return ask ? (
    <p className="bld-ask" id={errId(name)} data-testid="understood-ask">
      {ask}
    </p>
  ) : null;
}

interface Ctx {
  errors?: FieldErrors;
  asks?: FieldErrors;
  markOf: (name: string) => number | undefined;
}

function Field({
  name,
  label,
  value,
  ctx,
  placeholder,
  wide,
}: {
  name: string;
  label: string;
  value: DraftText;
  ctx: Ctx;
  placeholder?: string;
  wide?: boolean;
}) {
  const n = ctx.markOf(name);
  const error = ctx.errors?.[name];
  return (
    <div className={`bld-u-field${wide ? " bld-u-wide" : ""}`} data-mark={n}>
      <label htmlFor={idOf(name)}>
        {label}
        {n ? (
          <span className="bld-mark-n" title={`Read at highlight ${n}`}>
            {n}
          </span>
        ) : value.value.trim() ? (
          <span className="bld-typed">yours</span>
        ) : null}
      </label>
      <input
        id={idOf(name)}
        name={name}
        defaultValue={value.value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || ctx.asks?.[name] ? errId(name) : undefined}
      />
      <Note name={name} errors={ctx.errors} asks={ctx.asks} />
    </div>
  );
}

/**
 * One row of a list of single values (a message sentence, a question's option, a link): its input,
 * the number of the highlight it was read at, its Remove button and its error.
 */
function ListRow({
  name,
  label,
  value,
  from: at,
  remove,
  removeWhat,
  ctx,
  placeholder,
}: {
  name: string;
  label: string;
  value: string;
  from?: number;
  remove: string;
  removeWhat: string;
  ctx: Ctx;
  placeholder?: string;
}) {
  const n = ctx.markOf(name);
  const error = ctx.errors?.[name];
  return (
    <li className="bld-u-option" data-mark={n}>
      {from(name, at)}
      <label htmlFor={idOf(name)} className="bld-visually-hidden">
        {label}
      </label>
      <input
        id={idOf(name)}
        name={name}
        defaultValue={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errId(name) : undefined}
      />
      {n ? <span className="bld-mark-n">{n}</span> : null}
      <RemoveButton intent={remove} what={removeWhat} />
      <Note name={name} errors={ctx.errors} />
    </li>
  );
}

function RemoveButton({ intent, what }: { intent: string; what: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className="bld-btn bld-btn-ghost bld-btn-small"
      formNoValidate
      aria-label={`Remove ${what}`}
    >
      Remove
    </button>
  );
}

function AddButton({ intent, children }: { intent: string; children: string }) {
  return (
    <button type="submit" name="intent" value={intent} className="bld-btn bld-btn-secondary bld-btn-small" formNoValidate>
      + {children}
    </button>
  );
}

/** An item's and an offer's fields: [key, label, placeholder]. */
const ITEM_FIELDS = [
  ["name", "Name"],
  ["price", "Price", "e.g. $4.50"],
  ["detail", "Detail"],
  ["link", "Link URL", "https://"],
  ["image", "Image URL", "https://"],
] as const;
const OFFER_FIELDS = [
  ["text", "Offer", "e.g. 20% off"],
  ["code", "Code"],
  ["threshold", "Minimum spend", "e.g. over $50"],
  ["deadline", "Deadline", "e.g. until May 3"],
  ["scope", "Applies to", "e.g. sitewide"],
] as const;

/** One item or offer: its fields, and its Remove button. */
function RowFieldset<K extends string>({
  list,
  noun,
  i,
  row,
  fields,
  ctx,
}: {
  list: "items" | "offers";
  noun: string;
  i: number;
  row: Record<K, DraftText> & { from?: number };
  fields: ReadonlyArray<readonly [K, string, string?]>;
  ctx: Ctx;
}) {
  return (
    <fieldset className="bld-item">
      <legend>
        {noun} {i + 1}
      </legend>
      {from(`u.${list}.${i}`, row.from)}
      {fields.map(([key, label, placeholder]) => (
        <Field key={key} name={`u.${list}.${i}.${key}`} label={label} value={row[key]} ctx={ctx} placeholder={placeholder} />
      ))}
      <div className="bld-u-row-actions">
        <RemoveButton intent={`remove:${list}.${i}`} what={`${noun.toLowerCase()} ${i + 1}`} />
      </div>
    </fieldset>
  );
}

const from = (name: string, value: number | undefined) =>
  value !== undefined ? <input type="hidden" name={`${name}.from`} value={value} /> : null;

export function UnderstoodFields({
  prompt,
  read,
  draft,
  errors,
  asks,
  emailTypes,
}: {
  prompt: string;
  read: UnderstoodBrief;
  draft: UnderstoodDraft;
  errors?: FieldErrors;
  asks?: FieldErrors;
  emailTypes: string[];
}) {
  const [active, setActive] = useState<number | null>(null);
  const marks = draftMarks(draft, read);
  const pieces = markedPieces(prompt, marks);
  const markOf = (name: string) => marks.find((m) => m.fields.includes(name))?.n;
  const ctx: Ctx = { errors, asks, markOf };
  const labelsOf = new Map(marks.map((m) => [m.n, m.labels.join(", ")]));
  // Progressive enhancement: the field in focus lights up the words it was read from.
  const onFocus = (ev: React.FocusEvent<HTMLDivElement>) => {
    const n = Number((ev.target as HTMLElement).closest<HTMLElement>("[data-mark]")?.dataset.mark);
    setActive(Number.isInteger(n) && n > 0 ? n : null);
  };

  return (
    <div className="bld-understood" onFocus={onFocus} onBlur={() => setActive(null)}>
      <input type="hidden" name="u.read" value={JSON.stringify(read)} />
      {/* Enter in a field writes the copy, not the first Remove button. */}
      <button type="submit" name="intent" value="copy" className="bld-visually-hidden" tabIndex={-1} aria-hidden="true">
        Write the copy
      </button>
      <div className="bld-intro">
        <h2>What Kinetic understood</h2>
        <p>Check what was read from your prompt and correct it: the copy is written from these fields, and nothing else.</p>
      </div>

      <section className="bld-card bld-read" aria-labelledby="bld-read-h">
        <h2 id="bld-read-h">Your prompt</h2>
        <p className="bld-hint">
          Each highlight is where a field was read; the field shows the same number. A field marked “yours” is what you typed.
        </p>
        <p className="bld-prompt-read" data-testid="prompt-read">
          {pieces.map((p, i) =>
            p.covering.length ? (
              <mark
                key={i}
                className={`bld-mark${p.covering.length > 1 ? " bld-mark-many" : ""}${active !== null && p.covering.includes(active) ? " bld-mark-on" : ""}`}
                data-marks={p.covering.join(" ")}
                title={p.covering.map((n) => `${n}: ${labelsOf.get(n)}`).join("; ")}
              >
                {p.starting.map((n) => (
                  <sup key={n} className="bld-mark-n">
                    {n}
                  </sup>
                ))}
                {p.text}
              </mark>
            ) : (
              <span key={i}>{p.text}</span>
            ),
          )}
        </p>
        {marks.length ? (
          <details className="bld-more">
            <summary>What each highlight is</summary>
            <ol className="bld-mark-list">
              {marks.map((m) => (
                <li key={m.n} value={m.n}>
                  {m.labels.join(", ")}
                </li>
              ))}
            </ol>
          </details>
        ) : (
          <p className="bld-hint">Nothing in the prompt was read as a field: fill in what the email should say.</p>
        )}
      </section>

      <section className="bld-card" aria-labelledby="bld-u-email">
        <h2 id="bld-u-email">The email</h2>
        <div className="bld-row">
          <Field name="u.brand" label="Brand" value={draft.brand} ctx={ctx} />
          <Field name="u.product" label="Topic (what it is about)" value={draft.product} ctx={ctx} />
          <div className="bld-u-field" data-mark={markOf("u.emailType")}>
            <label htmlFor="bld-u-emailType">
              Email type{markOf("u.emailType") ? <span className="bld-mark-n">{markOf("u.emailType")}</span> : null}
            </label>
            <select
              id="bld-u-emailType"
              name="u.emailType"
              defaultValue={draft.emailType}
              aria-invalid={errors?.["u.emailType"] ? true : undefined}
              aria-describedby={errors?.["u.emailType"] ? errId("u.emailType") : undefined}
            >
              {emailTypes.map((t) => (
                <option key={t} value={t}>
                  {t[0].toUpperCase() + t.slice(1)}
                </option>
              ))}
            </select>
            <Note name="u.emailType" errors={errors} />
          </div>
          <div className="bld-u-field" data-mark={markOf("u.occasion")}>
            <label htmlFor="bld-u-occasion">
              Occasion{markOf("u.occasion") ? <span className="bld-mark-n">{markOf("u.occasion")}</span> : null}
            </label>
            <select
              id="bld-u-occasion"
              name="u.occasion"
              defaultValue={draft.occasion}
              aria-invalid={errors?.["u.occasion"] ? true : undefined}
              aria-describedby={errors?.["u.occasion"] ? errId("u.occasion") : undefined}
            >
              {OCCASION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {k[0].toUpperCase() + k.slice(1).replace(/-/g, " ")}
                </option>
              ))}
            </select>
            <Note name="u.occasion" errors={errors} />
          </div>
          <div className="bld-u-field">
            <label htmlFor="bld-u-language">Language</label>
            <select
              id="bld-u-language"
              name="u.language"
              defaultValue={draft.language}
              aria-invalid={errors?.["u.language"] ? true : undefined}
              aria-describedby={errors?.["u.language"] ? errId("u.language") : read.language.supported ? undefined : "bld-u-language-note"}
            >
              {FRAME_LANGUAGES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
            {read.language.supported ? null : (
              <p className="bld-hint" id="bld-u-language-note" data-testid="understood-language-note">
                Your prompt reads as <strong>{read.language.code}</strong>, which Kinetic does not write in: the email is written in the
                language picked here.
              </p>
            )}
            <Note name="u.language" errors={errors} />
          </div>
        </div>
        <p className="bld-hint bld-u-facts" data-testid="understood-tone" data-mark={markOf("u.tone")}>
          Tone: <strong>{read.tone.value}</strong>
          {markOf("u.tone") ? <span className="bld-mark-n">{markOf("u.tone")}</span> : " (not said: the default)"}
        </p>
      </section>

      <section className="bld-card" aria-labelledby="bld-u-message" data-testid="understood-message">
        <h2 id="bld-u-message">Message</h2>
        <p className="bld-hint">What the email says to the reader, in your words, one sentence per row. The email says these as written.</p>
        <Note name="u.message" errors={errors} asks={asks} />
        <ol className="bld-u-options">
          {draft.message.map((m, i) => (
            <ListRow
              key={`${i}-${m.from ?? "new"}`}
              name={`u.message.${i}`}
              label={`Message sentence ${i + 1}`}
              value={m.value}
              from={m.from}
              remove={`remove:message.${i}`}
              removeWhat={`message sentence ${i + 1}`}
              ctx={ctx}
            />
          ))}
        </ol>
        <div className="bld-u-add">
          <AddButton intent="add:message">Add a sentence</AddButton>
        </div>
      </section>

      <section className="bld-card" aria-labelledby="bld-u-items" data-testid="understood-items">
        <h2 id="bld-u-items">Items</h2>
        <p className="bld-hint">Products, dishes, articles or topics, in order. A price is written as it should read.</p>
        <Note name="u.items" errors={errors} asks={asks} />
        <div className="bld-items">
          {draft.items.map((it, i) => (
            <RowFieldset key={`${i}-${it.from ?? "new"}`} list="items" noun="Item" i={i} row={it} fields={ITEM_FIELDS} ctx={ctx} />
          ))}
        </div>
        <div className="bld-u-add">
          <AddButton intent="add:items">Add an item</AddButton>
        </div>
      </section>

      <section className="bld-card" aria-labelledby="bld-u-offers" data-testid="understood-offers">
        <h2 id="bld-u-offers">Offers</h2>
        <p className="bld-hint">Each offer with its own conditions: its code, minimum spend, deadline and what it applies to.</p>
        <div className="bld-items">
          {draft.offers.map((o, i) => (
            <RowFieldset key={`${i}-${o.from ?? "new"}`} list="offers" noun="Offer" i={i} row={o} fields={OFFER_FIELDS} ctx={ctx} />
          ))}
        </div>
        {draft.offers.length === 0 ? <p className="bld-hint">No offer: the email promises none.</p> : null}
        <div className="bld-u-add">
          <AddButton intent="add:offers">Add an offer</AddButton>
        </div>
      </section>

      <section className="bld-card" aria-labelledby="bld-u-questions" data-testid="understood-questions">
        <h2 id="bld-u-questions">Questions</h2>
        <p className="bld-hint">For a survey, poll or quiz: each question with every answer to choose from.</p>
        <Note name="u.questions" errors={errors} asks={asks} />
        {draft.questions.map((q, i) => (
          <fieldset key={`${i}-${q.from ?? "new"}`} className="bld-item bld-u-question">
            <legend>Question {i + 1}</legend>
            {from(`u.questions.${i}`, q.from)}
            <Field name={`u.questions.${i}.text`} label="Question" value={q.text} ctx={ctx} wide />
            <p className="bld-u-sub" id={`bld-u-q${i}-opts`}>
              Options{q.options.length ? ` (${q.options.length})` : ""}
            </p>
            <Note name={`u.questions.${i}.options`} errors={errors} asks={asks} />
            <ol className="bld-u-options" aria-labelledby={`bld-u-q${i}-opts`}>
              {q.options.map((o, m) => (
                <ListRow
                  key={`${m}-${o.from ?? "new"}`}
                  name={`u.questions.${i}.options.${m}`}
                  label={`Question ${i + 1} option ${m + 1}`}
                  value={o.value}
                  from={o.from}
                  remove={`remove:questions.${i}.options.${m}`}
                  removeWhat={`option ${m + 1} of question ${i + 1}`}
                  ctx={ctx}
                />
              ))}
            </ol>
            <div className="bld-u-row-actions">
              <AddButton intent={`add:questions.${i}.options`}>Add an option</AddButton>
              <RemoveButton intent={`remove:questions.${i}`} what={`question ${i + 1}`} />
            </div>
          </fieldset>
        ))}
        <div className="bld-u-add">
          <AddButton intent="add:questions">Add a question</AddButton>
        </div>
      </section>

      <section className="bld-card" aria-labelledby="bld-u-links" data-testid="understood-links">
        <h2 id="bld-u-links">Links</h2>
        <p className="bld-hint">Where the buttons may lead. The email links nowhere else.</p>
        <ol className="bld-u-options">
          {draft.links.map((l, i) => (
            <ListRow
              key={`${i}-${l.from ?? "new"}`}
              name={`u.links.${i}`}
              label={`Link ${i + 1}`}
              value={l.value}
              from={l.from}
              remove={`remove:links.${i}`}
              removeWhat={`link ${i + 1}`}
              ctx={ctx}
              placeholder="https://"
            />
          ))}
        </ol>
        <div className="bld-u-add">
          <AddButton intent="add:links">Add a link</AddButton>
        </div>
      </section>
    </div>
  );
}
