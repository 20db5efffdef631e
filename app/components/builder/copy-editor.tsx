// Step 2: the CopyDoc as editable fields. The words accepted here are placed verbatim.
import type { FieldErrors } from "~/services/builder.server";

import type { CopyDraft } from "~/services/builder.server";
export type { CopyDraft };

const ROLE_NAMES: Record<string, string> = {
  hero: "Opening",
  body: "Body",
  cta: "Call to action",
  footer: "Footer",
  intro: "Intro",
  offer: "Offer",
};
const roleName = (role: string) => ROLE_NAMES[role] ?? role.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());

function Field({
  name,
  label,
  value,
  errors,
  multiline,
  rows,
  url,
  hint,
}: {
  name: string;
  label: string;
  value: string;
  errors?: FieldErrors;
  multiline?: boolean;
  rows?: number;
  /** A link field: a URL keyboard on phones; checked on the server (CopyHrefSchema), so it works without JavaScript. */
  url?: boolean;
  hint?: string;
}) {
  const id = `bld-${name.replace(/\./g, "-")}`;
  const error = errors?.[name];
  const describedBy = [error ? `${id}-err` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="bld-copy-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          id={id}
          name={name}
          defaultValue={value}
          rows={rows ?? 3}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      ) : (
        <input
          id={id}
          name={name}
          defaultValue={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...(url ? { inputMode: "url" as const, autoComplete: "url", spellCheck: false, placeholder: "https://" } : {})}
        />
      )}
      {hint ? (
        <p className="bld-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="bld-field-error" id={`${id}-err`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const LINK_HINT = "Where the button leads. Blank: a link from your prompt, else your brand website; with neither, the button is left out.";

export function CopyFields({ copy, errors }: { copy: CopyDraft; errors?: FieldErrors }) {
  return (
    <>
      <section className="bld-card" aria-labelledby="bld-inbox">
        <h2 id="bld-inbox">Inbox</h2>
        <Field name="copy.subject" label="Subject" value={copy.subject} errors={errors} />
        <Field name="copy.preheader" label="Preheader" value={copy.preheader} errors={errors} />
      </section>
      {copy.sections.map((s, i) => (
        <section key={i} className="bld-card" aria-labelledby={`bld-sec-${i}`}>
          <h2 id={`bld-sec-${i}`}>
            Section {i + 1} <span className="bld-pill">{roleName(s.role)}</span>
          </h2>
          <input type="hidden" name={`copy.sections.${i}.role`} value={s.role} />
          <Field name={`copy.sections.${i}.headline`} label={`Section ${i + 1} headline`} value={s.headline} errors={errors} />
          <Field name={`copy.sections.${i}.body`} label={`Section ${i + 1} body`} value={s.body} errors={errors} multiline rows={4} />
          <Field name={`copy.sections.${i}.cta`} label={`Section ${i + 1} button`} value={s.cta} errors={errors} />
          {s.role !== "footer" ? (
            <Field
              name={`copy.sections.${i}.href`}
              label={`Section ${i + 1} link`}
              value={s.href ?? ""}
              errors={errors}
              url
              hint={LINK_HINT}
            />
          ) : null}
        </section>
      ))}
      {copy.items.length > 0 ? (
        <section className="bld-card" aria-labelledby="bld-items">
          <h2 id="bld-items">Interactive items</h2>
          <p className="bld-hint">The tabs, slides, panels or answers, in order.</p>
          <div className="bld-items">
            {copy.items.map((it, i) => (
              <fieldset key={i} className="bld-item">
                <legend>Item {i + 1}</legend>
                <Field name={`copy.items.${i}.label`} label={`Item ${i + 1} label`} value={it.label} errors={errors} />
                <Field name={`copy.items.${i}.headline`} label={`Item ${i + 1} headline`} value={it.headline} errors={errors} />
                <Field name={`copy.items.${i}.body`} label={`Item ${i + 1} body`} value={it.body} errors={errors} multiline />
                <Field name={`copy.items.${i}.href`} label={`Item ${i + 1} link`} value={it.href ?? ""} errors={errors} url />
              </fieldset>
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
