// Step 2: what Kinetic understood of the prompt, as an editable form, beside the prompt with every
// part marked by what it became (a field, an instruction, or not used). Plain inputs and submit
// buttons inside the page's <Form>: adding, removing and using rows posts (intents `add:…`,
// `remove:…`, `use:…`) and the server renders the edited form, so it all works without JavaScript;
// with it, focusing a field highlights where it was read.
import { useState } from "react";
import {
  INSTRUCTION_WORDS,
  TECHNIQUE_WORDS,
  draftMarks,
  fieldTitle,
  markedPieces,
  unusedLeft,
  type DraftRow,
  type DraftText,
  type PromptMark,
  type UnderstoodDraft,
} from "~/domain/brief/form";
import { BRIEF_LIMITS, OCCASION_KINDS, type Brief as UnderstoodBrief } from "~/domain/brief/schema";
import { FRAME_LANGUAGES, type FrameLanguage } from "~/domain/prompt/facts/types";
import type { FieldErrors } from "~/services/builder.server";

/** The frame languages in their own names, as a reader looks for them. */
const LANGUAGE_NAMES: Record<FrameLanguage, string> = {
  en: "English",
  fr: "Français",
  es: "Español",
  de: "Deutsch",
  pt: "Português",
  it: "Italiano",
};

/** A field name of this form in words ("u.items.0.price" → "Item 1 · price"), for the error summary. */
export function understoodLabel(name: string, read?: UnderstoodBrief): string {
  return fieldTitle(name, read);
}

const idOf = (name: string) => `bld-${name.replace(/\./g, "-")}`;
const errId = (name: string) => `err-${name.replace(/\./g, "-")}`;
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

interface Ctx {
  errors?: FieldErrors;
  asks?: FieldErrors;
  mark: (name: string) => PromptMark | undefined;
  words: (m: PromptMark) => string;
}

function Note({ name, ctx }: { name: string; ctx: Ctx }) {
  const error = ctx.errors?.[name];
  const ask = ctx.asks?.[name];
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

/**
 * Where a value came from, beside its label: read from the prompt (the field's yellow edge shows
 * it, this says it to a screen reader), or typed by the user.
 */
function Source({ name, value, ctx }: { name: string; value: string; ctx: Ctx }) {
  if (ctx.mark(name)) return <span className="bld-visually-hidden">(in your prompt)</span>;
  return value.trim() ? <span className="bld-src">yours</span> : null;
}

const invalid = (name: string, ctx: Ctx) => ({
  "aria-invalid": ctx.errors?.[name] ? true : undefined,
  "aria-describedby": ctx.errors?.[name] || ctx.asks?.[name] ? errId(name) : undefined,
});

function Field({
  name,
  label,
  value,
  ctx,
  placeholder,
  className,
  inputMode,
}: {
  name: string;
  label: string;
  value: DraftText;
  ctx: Ctx;
  placeholder?: string;
  className?: string;
  inputMode?: "url" | "decimal";
}) {
  const m = ctx.mark(name);
  return (
    <div className={`bld-u-field${className ? ` ${className}` : ""}`} data-mark={m?.n}>
      <label htmlFor={idOf(name)}>
        {label} <Source name={name} value={value.value} ctx={ctx} />
      </label>
      <input
        id={idOf(name)}
        name={name}
        defaultValue={value.value}
        placeholder={placeholder}
        inputMode={inputMode}
        className={m ? "bld-u-read" : undefined}
        title={m ? `Read from “${ctx.words(m)}”` : undefined}
        {...invalid(name, ctx)}
      />
      <Note name={name} ctx={ctx} />
    </div>
  );
}

function Select({
  name,
  label,
  value,
  options,
  ctx,
  describedBy,
  className,
  children,
}: {
  name: string;
  label: string;
  value: string;
  options: ReadonlyArray<readonly [string, string, string?]>;
  ctx: Ctx;
  describedBy?: string;
  className?: string;
  children?: React.ReactNode;
}) {
  const m = ctx.mark(name);
  const own = invalid(name, ctx);
  return (
    <div className={`bld-u-field${className ? ` ${className}` : ""}`} data-mark={m?.n}>
      <label htmlFor={idOf(name)}>
        {label} {m ? <Source name={name} value={value} ctx={ctx} /> : null}
      </label>
      <select
        id={idOf(name)}
        name={name}
        defaultValue={value}
        className={m ? "bld-u-read" : undefined}
        {...own}
        aria-describedby={own["aria-describedby"] ?? describedBy}
      >
        {options.map(([v, words, lang]) => (
          <option key={v} value={v} lang={lang}>
            {words}
          </option>
        ))}
      </select>
      {children}
      <Note name={name} ctx={ctx} />
    </div>
  );
}

const from = (name: string, value: number | undefined) =>
  value !== undefined ? <input type="hidden" name={`${name}.from`} value={value} /> : null;

/** A Remove button: the word on cards, a cross on rows (its name says what it removes either way). */
function RemoveButton({ intent, what, compact }: { intent: string; what: string; compact?: boolean }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`bld-btn bld-btn-ghost bld-btn-small bld-u-remove${compact ? " bld-u-x" : ""}`}
      formNoValidate
      aria-label={`Remove ${what}`}
      title={`Remove ${what}`}
    >
      {compact ? <span aria-hidden="true">✕</span> : "Remove"}
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

/**
 * One row of a list of single values (a message sentence, an option, a link, a word not to
 * mention…): its input, its Remove button and its error.
 */
function ListRow({
  name,
  label,
  row,
  remove,
  ctx,
  placeholder,
  extra,
}: {
  name: string;
  label: string;
  row: DraftRow & { unused?: number };
  remove: string;
  ctx: Ctx;
  placeholder?: string;
  extra?: React.ReactNode;
}) {
  const m = ctx.mark(name);
  return (
    <li className="bld-u-option" data-mark={m?.n}>
      {from(name, row.from)}
      {row.unused !== undefined && row.from === undefined ? <input type="hidden" name={`${name}.unused`} value={row.unused} /> : null}
      {extra}
      <label htmlFor={idOf(name)} className="bld-visually-hidden">
        {label}
        {m ? " (in your prompt)" : ""}
      </label>
      <input
        id={idOf(name)}
        name={name}
        defaultValue={row.value}
        placeholder={placeholder}
        className={m ? "bld-u-read" : undefined}
        title={m ? `Read from “${ctx.words(m)}”` : undefined}
        {...invalid(name, ctx)}
      />
      <RemoveButton intent={remove} what={label.toLowerCase()} compact />
      <Note name={name} ctx={ctx} />
    </li>
  );
}

/** A list of single values with its rows and its Add button. */
function ValueList({
  list,
  noun,
  rows,
  ctx,
  add,
  placeholder,
  columns,
}: {
  list: string;
  noun: string;
  rows: Array<DraftRow & { unused?: number }>;
  ctx: Ctx;
  add: string;
  placeholder?: string;
  columns?: boolean;
}) {
  return (
    <>
      {rows.length ? (
        <ol className={`bld-u-options${columns ? " bld-u-cols" : ""}`}>
          {rows.map((r, i) => (
            <ListRow
              key={`${i}-${r.from ?? r.unused ?? "new"}`}
              name={`${list}.${i}`}
              label={`${noun} ${i + 1}`}
              row={r}
              remove={`remove:${list.slice(2)}.${i}`}
              ctx={ctx}
              placeholder={placeholder}
            />
          ))}
        </ol>
      ) : null}
      <div className="bld-u-add">
        <AddButton intent={`add:${list.slice(2)}`}>{add}</AddButton>
      </div>
    </>
  );
}

/** An item's and an offer's fields: [key, label, placeholder, class]. */
const ITEM_FIELDS = [
  ["name", "Name", undefined, "bld-u-span2"],
  ["price", "Price", "e.g. $4.50"],
  ["was", "Former price", "e.g. was $6"],
  ["detail", "Detail", undefined, "bld-u-span2"],
  ["link", "Link URL", "https://"],
  ["image", "Image URL", "https://"],
] as const;
const OFFER_FIELDS = [
  ["text", "Offer", "e.g. 20% off", "bld-u-span2"],
  ["code", "Code"],
  ["threshold", "Minimum spend", "e.g. over $50"],
  ["deadline", "Deadline", "e.g. until May 3", "bld-u-span2"],
  ["scope", "Applies to", "e.g. sitewide", "bld-u-span2"],
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
  fields: ReadonlyArray<readonly [K, string, string?, string?]>;
  ctx: Ctx;
}) {
  return (
    <fieldset className="bld-item bld-u-card">
      <legend>
        {noun} {i + 1}
      </legend>
      <RemoveButton intent={`remove:${list}.${i}`} what={`${noun.toLowerCase()} ${i + 1}`} />
      {from(`u.${list}.${i}`, row.from)}
      <div className="bld-u-grid4">
        {fields.map(([key, label, placeholder, className]) => (
          <Field
            key={key}
            name={`u.${list}.${i}.${key}`}
            label={label}
            value={row[key]}
            ctx={ctx}
            placeholder={placeholder}
            className={className}
            inputMode={key === "link" || key === "image" ? "url" : undefined}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** Rows of two values (a button's label and link, an FAQ entry's question and answer), one line each. */
function PairRows<A extends string, B extends string>({
  list,
  noun,
  rows,
  keys,
  ctx,
  add,
}: {
  list: "ctas" | "faq";
  noun: string;
  rows: Array<Record<A | B, DraftText> & { from?: number }>;
  keys: readonly [readonly [A, string, string?], readonly [B, string, string?]];
  ctx: Ctx;
  add: string;
}) {
  return (
    <>
      {rows.length ? (
        <ol className="bld-u-pairs">
          <li className="bld-u-pair bld-u-pair-head" aria-hidden="true">
            <span>{keys[0][1]}</span>
            <span>{keys[1][1]}</span>
          </li>
          {rows.map((r, i) => (
            <li key={`${i}-${r.from ?? "new"}`} className="bld-u-pair">
              {from(`u.${list}.${i}`, r.from)}
              {keys.map(([key, label, placeholder]) => {
                const name = `u.${list}.${i}.${key}`;
                const m = ctx.mark(name);
                return (
                  <div key={key} className="bld-u-pair-cell" data-mark={m?.n}>
                    <label htmlFor={idOf(name)} className="bld-visually-hidden">
                      {noun} {i + 1} {label.toLowerCase()}
                      {m ? " (in your prompt)" : ""}
                    </label>
                    <input
                      id={idOf(name)}
                      name={name}
                      defaultValue={r[key].value}
                      placeholder={placeholder}
                      className={m ? "bld-u-read" : undefined}
                      title={m ? `Read from “${ctx.words(m)}”` : undefined}
                      {...invalid(name, ctx)}
                    />
                    <Note name={name} ctx={ctx} />
                  </div>
                );
              })}
              <RemoveButton intent={`remove:${list}.${i}`} what={`${noun.toLowerCase()} ${i + 1}`} compact />
            </li>
          ))}
        </ol>
      ) : null}
      <div className="bld-u-add">
        <AddButton intent={`add:${list}`}>{add}</AddButton>
      </div>
    </>
  );
}

function Section({
  id,
  title,
  hint,
  testId,
  children,
  count,
  action,
}: {
  id: string;
  title: string;
  hint?: string;
  testId?: string;
  children: React.ReactNode;
  count?: number;
  action?: React.ReactNode;
}) {
  return (
    <section className="bld-card bld-u-section" aria-labelledby={id} data-testid={testId}>
      <div className="bld-u-section-head">
        <h2 id={id}>
          {title}
          {count ? <span className="bld-u-count">{count}</span> : null}
        </h2>
        {hint ? <p className="bld-hint">{hint}</p> : null}
        {action}
      </div>
      {children}
    </section>
  );
}

/** The prompt, every part marked by what it became, with a key to the three kinds of mark. */
function MarkedPrompt({ prompt, marks, active, left }: { prompt: string; marks: PromptMark[]; active: number | null; left: number }) {
  const pieces = markedPieces(prompt, marks);
  const byN = new Map(marks.map((m) => [m.n, m]));
  const kinds = new Set(marks.map((m) => m.kind));
  return (
    <section className="bld-card bld-read" aria-labelledby="bld-read-h">
      <div className="bld-u-section-head">
        <h2 id="bld-read-h">Your prompt</h2>
        <ul className="bld-mark-key" aria-label="What the marks mean">
          <li>
            <span className="bld-key bld-mark-field" aria-hidden="true" /> In a field
          </li>
          {kinds.has("instruction") ? (
            <li>
              <span className="bld-key bld-mark-instruction" aria-hidden="true" /> Instruction
            </li>
          ) : null}
          {kinds.has("unused") ? (
            <li>
              <span className="bld-key bld-mark-unused" aria-hidden="true" /> Not used
            </li>
          ) : null}
        </ul>
      </div>
      <p className="bld-prompt-read" data-testid="prompt-read">
        {pieces.map((p, i) =>
          p.covering.length ? (
            <mark
              key={i}
              className={`bld-mark bld-mark-${p.kind ?? "field"}${p.covering.length > 1 ? " bld-mark-many" : ""}${active !== null && p.covering.includes(active) ? " bld-mark-on" : ""}`}
              data-marks={p.covering.join(" ")}
              title={p.covering.map((n) => byN.get(n)?.labels.join(", ")).join("; ")}
            >
              {p.starting.map((n) => (
                <span key={n} className="bld-mark-tag" id={`bld-mark-${n}`}>
                  {byN.get(n)?.tag}
                  <span className="bld-visually-hidden">: </span>
                </span>
              ))}
              {p.text}
            </mark>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
      </p>
      <p className="bld-hint bld-u-foot" data-testid="understood-coverage">
        {!marks.length
          ? "Nothing in the prompt was read as a field: fill in what the email should say."
          : left
            ? `${left === 1 ? "One part is" : `${left} parts are`} not used: see “Not used”. Focus a field to see where it was read.`
            : "Every part of your prompt is used. Focus a field to see where it was read."}
      </p>
    </section>
  );
}

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
  const mark = (name: string) => marks.find((m) => m.fields.includes(name));
  const words = (m: PromptMark) => prompt.slice(m.span.start, m.span.end);
  const ctx: Ctx = { errors, asks, mark, words };
  const left = unusedLeft(draft, read);
  const has = (prefix: string) => Object.keys({ ...errors, ...asks }).some((k) => k === prefix || k.startsWith(`${prefix}.`));
  // Progressive enhancement: the field in focus lights up the words it was read from.
  const onFocus = (ev: React.FocusEvent<HTMLDivElement>) => {
    const n = Number((ev.target as HTMLElement).closest<HTMLElement>("[data-mark]")?.dataset.mark);
    setActive(Number.isInteger(n) && n > 0 ? n : null);
  };
  const quiz =
    draft.occasion === "quiz" || draft.techniques.some((t) => t.technique === "quiz") || draft.questions.some((q) => q.correct !== "");
  const messageFull = draft.message.length >= BRIEF_LIMITS.message;

  // The optional sections show when they hold something (or something to fix); else their Add button waits below.
  const show = {
    questions: draft.questions.length > 0 || has("u.questions"),
    ctas: draft.ctas.length > 0 || has("u.ctas"),
    links: draft.links.length > 0 || has("u.links"),
    images: draft.images.length > 0 || has("u.images"),
    faq: draft.faq.length > 0 || has("u.faq"),
    event: draft.event.shown || has("u.event"),
    sayAvoid: draft.says.length > 0 || draft.ruledOut.length > 0 || has("u.says") || has("u.ruledOut"),
  };
  const more = (
    [
      [show.questions, "add:questions", "Add a question"],
      [show.ctas, "add:ctas", "Add a button"],
      [show.links, "add:links", "Add a link"],
      [show.images, "add:images", "Add an image"],
      [show.faq, "add:faq", "Add an FAQ entry"],
      [show.event, "add:event", "Add an event"],
      [show.sayAvoid, "add:says", "Add something to say"],
      [show.sayAvoid, "add:ruledOut", "Add something not to mention"],
    ] as const
  ).filter(([shown]) => !shown);

  return (
    <div className="bld-understood" onFocus={onFocus} onBlur={() => setActive(null)}>
      <input type="hidden" name="u.read" value={JSON.stringify(read)} />
      {/* Enter in a field writes the copy, not the first Remove button. */}
      <button type="submit" name="intent" value="copy" className="bld-visually-hidden" tabIndex={-1} aria-hidden="true">
        Write the copy
      </button>
      <div className="bld-intro bld-u-intro">
        <h2>What Kinetic understood</h2>
        <p>Check what was read from your prompt and correct it: the copy is written from these fields, and nothing else.</p>
      </div>

      <div className="bld-u-aside">
        <MarkedPrompt prompt={prompt} marks={marks} active={active} left={left.length} />

        {left.length ? (
          <section className="bld-card bld-u-section bld-u-unused" aria-labelledby="bld-u-unused-h" data-testid="understood-unused">
            <div className="bld-u-section-head">
              <h2 id="bld-u-unused-h">
                Not used<span className="bld-u-count">{left.length}</span>
              </h2>
              <p className="bld-hint">Parts of your prompt the email will not say, and why.</p>
            </div>
            <ul className="bld-u-notes">
              {left.map(({ k, part }) => {
                const m = mark(`u.unused.${k}`);
                return (
                  <li key={k} data-mark={m?.n} className="bld-u-note">
                    <p className="bld-u-note-words" id={`bld-u-unused-${k}`}>
                      {m ? <a href={`#bld-mark-${m.n}`}>“{part.text.value}”</a> : <>“{part.text.value}”</>}
                    </p>
                    <p className="bld-u-note-why">{part.reason}</p>
                    <button
                      type="submit"
                      name="intent"
                      value={`use:unused.${k}`}
                      className="bld-btn bld-btn-secondary bld-btn-small"
                      formNoValidate
                      disabled={messageFull}
                      aria-describedby={`bld-u-unused-${k}`}
                      title={messageFull ? `The message holds at most ${BRIEF_LIMITS.message} sentences` : undefined}
                    >
                      Use as a sentence to the reader
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}

        {read.instructions.length ? (
          <section className="bld-card bld-u-section" aria-labelledby="bld-u-instructions-h" data-testid="understood-instructions">
            <div className="bld-u-section-head">
              <h2 id="bld-u-instructions-h">Instructions</h2>
              <p className="bld-hint">Kinetic will follow these, and never print them.</p>
            </div>
            <ul className="bld-u-notes">
              {read.instructions.map((ins, k) => (
                <li key={k} data-mark={mark(`u.instructions.${k}`)?.n} className="bld-u-note bld-u-instruction">
                  <span className="bld-pill">{INSTRUCTION_WORDS[ins.kind]}</span>
                  <span>{ins.text.value}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>

      <div className="bld-u-main">
        <Section id="bld-u-email" title="The email" testId="understood-email">
          <div className="bld-u-grid">
            <Field name="u.brand" label="Brand" value={draft.brand} ctx={ctx} className="bld-u-span3" />
            <Field name="u.product" label="Topic (what it is about)" value={draft.product} ctx={ctx} className="bld-u-span3" />
            <Select
              name="u.emailType"
              label="Email type"
              value={draft.emailType}
              options={emailTypes.map((t) => [t, cap(t)] as const)}
              ctx={ctx}
            />
            <Select
              name="u.occasion"
              label="Occasion"
              value={draft.occasion}
              options={OCCASION_KINDS.map((k) => [k, cap(k).replace(/-/g, " ")] as const)}
              ctx={ctx}
            />
            <Select
              name="u.language"
              label="Language"
              value={draft.language}
              options={FRAME_LANGUAGES.map((l) => [l, LANGUAGE_NAMES[l], l] as const)}
              ctx={ctx}
              describedBy={read.language.supported ? undefined : "bld-u-language-note"}
              className="bld-u-full-sm"
            >
              {read.language.supported ? null : (
                <p className="bld-hint" id="bld-u-language-note" data-testid="understood-language-note">
                  Your prompt reads as <strong>{read.language.code}</strong>, which Kinetic does not write in: the email is written in the
                  language picked here.
                </p>
              )}
            </Select>
            <div className="bld-u-field" data-testid="understood-tone" data-mark={mark("u.tone")?.n}>
              <span className="bld-u-label">Tone {mark("u.tone") ? <Source name="u.tone" value={read.tone.value} ctx={ctx} /> : null}</span>
              <p
                className={`bld-u-static${mark("u.tone") ? " bld-u-read" : ""}`}
                title={mark("u.tone") ? `Read from “${words(mark("u.tone")!)}”` : undefined}
              >
                {cap(read.tone.value)}
                {mark("u.tone") ? null : <span className="bld-muted"> (default)</span>}
              </p>
            </div>
            <Select
              name="u.length"
              label="Length"
              value={draft.length}
              options={[
                ["", "Not set"],
                ["short", "Short"],
                ["long", "Long"],
              ]}
              ctx={ctx}
            />
            <Field
              name="u.subject"
              label="Subject line"
              value={draft.subject}
              ctx={ctx}
              className="bld-u-span4"
              placeholder="Written for you when blank"
            />
            <Field name="u.preheader" label="Preheader" value={draft.preheader} ctx={ctx} className="bld-u-span2" placeholder="Optional" />
          </div>
        </Section>

        <Section
          id="bld-u-message"
          title="Message"
          hint="What the email says to the reader, in your words, one sentence per row. The email says these as written."
          testId="understood-message"
        >
          <Note name="u.message" ctx={ctx} />
          <ValueList list="u.message" noun="Message sentence" rows={draft.message} ctx={ctx} add="Add a sentence" />
        </Section>

        <Section
          id="bld-u-items"
          title="Items"
          hint="Products, dishes, articles or topics, in order. A price is written as it should read."
          testId="understood-items"
          count={draft.items.length}
        >
          <Note name="u.items" ctx={ctx} />
          <div className="bld-u-stack">
            {draft.items.map((it, i) => (
              <RowFieldset key={`${i}-${it.from ?? "new"}`} list="items" noun="Item" i={i} row={it} fields={ITEM_FIELDS} ctx={ctx} />
            ))}
          </div>
          <div className="bld-u-add">
            <AddButton intent="add:items">Add an item</AddButton>
          </div>
        </Section>

        <Section
          id="bld-u-offers"
          title="Offers"
          hint="Each offer with its own conditions: its code, minimum spend, deadline and what it applies to."
          testId="understood-offers"
          count={draft.offers.length}
        >
          <div className="bld-u-stack">
            {draft.offers.map((o, i) => (
              <RowFieldset key={`${i}-${o.from ?? "new"}`} list="offers" noun="Offer" i={i} row={o} fields={OFFER_FIELDS} ctx={ctx} />
            ))}
          </div>
          {draft.offers.length === 0 ? <p className="bld-hint">No offer: the email promises none.</p> : null}
          <div className="bld-u-add">
            <AddButton intent="add:offers">Add an offer</AddButton>
          </div>
        </Section>

        {show.questions ? (
          <Section
            id="bld-u-questions"
            title="Questions"
            hint="For a survey, poll or quiz: each question with every answer to choose from."
            testId="understood-questions"
            count={draft.questions.length}
          >
            <Note name="u.questions" ctx={ctx} />
            <div className="bld-u-stack">
              {draft.questions.map((q, i) => (
                <fieldset key={`${i}-${q.from ?? "new"}`} className="bld-item bld-u-card bld-u-question">
                  <legend>Question {i + 1}</legend>
                  <RemoveButton intent={`remove:questions.${i}`} what={`question ${i + 1}`} />
                  {from(`u.questions.${i}`, q.from)}
                  <Field name={`u.questions.${i}.text`} label="Question" value={q.text} ctx={ctx} />
                  <p className="bld-u-sub" id={`bld-u-q${i}-opts`}>
                    Options{q.options.length ? ` (${q.options.length})` : ""}
                  </p>
                  <Note name={`u.questions.${i}.options`} ctx={ctx} />
                  <ol className="bld-u-options bld-u-cols" aria-labelledby={`bld-u-q${i}-opts`}>
                    {q.options.map((o, m) => (
                      <ListRow
                        key={`${m}-${o.from ?? "new"}`}
                        name={`u.questions.${i}.options.${m}`}
                        label={`Question ${i + 1} option ${m + 1}`}
                        row={o}
                        remove={`remove:questions.${i}.options.${m}`}
                        ctx={ctx}
                      />
                    ))}
                  </ol>
                  <div className="bld-u-row-actions">
                    <AddButton intent={`add:questions.${i}.options`}>Add an option</AddButton>
                    {quiz ? (
                      <Select
                        name={`u.questions.${i}.correct`}
                        label="Right answer"
                        value={q.correct}
                        options={[["", "None"], ...q.options.map((o, m) => [String(m), `${m + 1}. ${o.value || "(blank)"}`] as const)]}
                        ctx={ctx}
                      />
                    ) : (
                      <input type="hidden" name={`u.questions.${i}.correct`} value={q.correct} />
                    )}
                  </div>
                </fieldset>
              ))}
            </div>
            <div className="bld-u-add">
              <AddButton intent="add:questions">Add a question</AddButton>
            </div>
          </Section>
        ) : null}

        {show.ctas ? (
          <Section
            id="bld-u-ctas"
            title="Buttons"
            hint="The buttons the email shows, and where each leads (an https:// address)."
            testId="understood-ctas"
            count={draft.ctas.length}
          >
            <PairRows
              list="ctas"
              noun="Button"
              rows={draft.ctas}
              keys={[
                ["label", "Label", "e.g. Shop the sale"],
                ["url", "Link", "https://"],
              ]}
              ctx={ctx}
              add="Add a button"
            />
          </Section>
        ) : null}

        {show.links ? (
          <Section
            id="bld-u-links"
            title="Links"
            hint="Where the buttons may lead. The email links nowhere else."
            testId="understood-links"
            count={draft.links.length}
          >
            <ValueList list="u.links" noun="Link" rows={draft.links} ctx={ctx} add="Add a link" placeholder="https://" />
          </Section>
        ) : null}

        {show.images ? (
          <Section
            id="bld-u-images"
            title="Images"
            hint="Pictures the email may show, by address. An item's own picture is on the item."
            testId="understood-images"
            count={draft.images.length}
          >
            <ValueList list="u.images" noun="Image" rows={draft.images} ctx={ctx} add="Add an image" placeholder="https://" />
          </Section>
        ) : null}

        {show.faq ? (
          <Section
            id="bld-u-faq"
            title="FAQ"
            hint="Questions with their answers, said as written."
            testId="understood-faq"
            count={draft.faq.length}
          >
            <PairRows
              list="faq"
              noun="FAQ"
              rows={draft.faq}
              keys={[
                ["question", "Question"],
                ["answer", "Answer"],
              ]}
              ctx={ctx}
              add="Add an FAQ entry"
            />
          </Section>
        ) : null}

        {show.event ? (
          <Section
            id="bld-u-event"
            title="Event"
            hint="When and where, who is on, and the programme."
            testId="understood-event"
            action={<RemoveButton intent="remove:event" what="the event" />}
          >
            <div className="bld-u-grid">
              <Field
                name="u.event.when"
                label="When"
                value={draft.event.when}
                ctx={ctx}
                className="bld-u-span3"
                placeholder="e.g. Saturday, June 14, 10am"
              />
              <Field
                name="u.event.where"
                label="Where"
                value={draft.event.where}
                ctx={ctx}
                className="bld-u-span3"
                placeholder="e.g. 12 Mill Street"
              />
            </div>
            <div className="bld-u-split">
              <div>
                <p className="bld-u-sub">People</p>
                <ValueList list="u.event.who" noun="Person" rows={draft.event.who} ctx={ctx} add="Add a person" />
              </div>
              <div>
                <p className="bld-u-sub">Agenda</p>
                <ValueList list="u.event.agenda" noun="Agenda item" rows={draft.event.agenda} ctx={ctx} add="Add to the agenda" />
              </div>
            </div>
          </Section>
        ) : null}

        {show.sayAvoid ? (
          <Section
            id="bld-u-sayavoid"
            title="Say and avoid"
            hint="What the email must get across in its own words, and what it must never mention."
            testId="understood-say-avoid"
          >
            <div className="bld-u-split">
              <div>
                <p className="bld-u-sub">Say</p>
                <ValueList list="u.says" noun="Say" rows={draft.says} ctx={ctx} add="Add something to say" />
              </div>
              <div>
                <p className="bld-u-sub">Don&apos;t mention</p>
                <ValueList list="u.ruledOut" noun="Don't mention" rows={draft.ruledOut} ctx={ctx} add="Add something not to mention" />
              </div>
            </div>
          </Section>
        ) : null}

        {draft.techniques.length ? (
          <Section
            id="bld-u-techniques"
            title="Modules"
            hint="The interactive modules your prompt asks for, and what each shows."
            testId="understood-techniques"
          >
            <div className="bld-u-stack">
              {draft.techniques.map((t, i) => {
                const w = TECHNIQUE_WORDS[t.technique];
                const m = mark(`u.techniques.${i}`);
                return (
                  <fieldset key={`${i}-${t.from}`} className="bld-item bld-u-card" data-mark={m?.n}>
                    <legend title={m ? `Read from “${words(m)}”` : undefined}>
                      {w.name}
                      {m ? <span className="bld-visually-hidden"> (in your prompt)</span> : null}
                    </legend>
                    <input type="hidden" name={`u.techniques.${i}.from`} value={t.from} />
                    <Note name={`u.techniques.${i}`} ctx={ctx} />
                    <p className="bld-u-sub">
                      {cap(w.panes)}
                      {t.panes.length ? null : <span className="bld-hint"> · none named in your prompt</span>}
                    </p>
                    <ValueList
                      list={`u.techniques.${i}.panes`}
                      noun={`${w.name} ${w.pane}`}
                      rows={t.panes}
                      ctx={ctx}
                      add={`Add a ${w.pane}`}
                      columns
                    />
                  </fieldset>
                );
              })}
            </div>
          </Section>
        ) : null}

        {more.length ? (
          <section className="bld-card bld-u-more" aria-labelledby="bld-u-more-h" data-testid="understood-more">
            <h2 id="bld-u-more-h">Add to the email</h2>
            <div className="bld-u-chips">
              {more.map(([, intent, label]) => (
                <AddButton key={intent} intent={intent}>
                  {label}
                </AddButton>
              ))}
            </div>
          </section>
        ) : null}
      </div>
    </div>
  );
}
