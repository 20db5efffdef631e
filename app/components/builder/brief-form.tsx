// The brief's fields (step 1), conform's (BriefFormSchema): plain inputs inside the page's <Form>,
// so it posts without JavaScript; with it, each field is checked in the page before posting.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { FieldError } from "~/components/page-form";
import { useFormReading } from "~/components/typed-before-hydration";
import { LAYOUTS, LAYOUT_LABELS } from "~/domain/blueprint/layouts";

const LAYOUT_OPTIONS = [
  { key: "auto", name: "Auto", blurb: "Chosen from the email type and the style" },
  ...LAYOUTS.map((key) => ({ key, ...LAYOUT_LABELS[key] })),
];

export interface BriefOptions {
  techniques: Array<{ value: string; label: string; hint: string }>;
  emailTypes: string[];
  complexities: string[];
  fonts: Array<{ label: string; value: string }>;
  styles: Array<{ key: string; label: string; swatch: string[]; note: string }>;
  brandColors: Array<{ key: string; label: string; fallback: string }>;
  imageRows: number;
  sectionRows: number;
}

type BriefForm = Pick<FormMetadata<Record<string, unknown>, string[]>, "getFieldset">;
type Field = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

/**
 * A field by its full name (`images[2].url`, `brand.colors.primary`): the form has a fixed number
 * of rows, which conform's field lists (as long as the rows posted) would not give.
 */
const fieldOf = (form: BriefForm, name: string) => (form.getFieldset() as unknown as Record<string, Field>)[name];
const ERR = "bld-field-error";

export function BriefFields({ form, options }: { form: BriefForm; options: BriefOptions }) {
  const f = (name: string) => fieldOf(form, name);
  const prompt = f("prompt");
  const techniques = f("techniques");
  const picked = new Set([techniques.initialValue ?? []].flat());
  // The count and the colours' switch follow boxes a person may tick before hydration: read from
  // the form once hydrated, then on each change.
  const [count, setCount] = useFormReading(
    techniques.formId,
    picked.size,
    (form) => Array.from(form.elements).filter((e) => e instanceof HTMLInputElement && e.name === techniques.name && e.checked).length,
  );
  const [useColors, setUseColors] = useFormReading(techniques.formId, f("brand.useColors").initialValue === "on", (form) => {
    const box = form.elements.namedItem("brand.useColors");
    return box instanceof HTMLInputElement && box.checked;
  });
  const rowFilled = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => f(`${prefix}[${i}]`).initialValue).some((row) => row && Object.values(row).some(Boolean));
  const radio = (field: Field, value: string, fallback: string) => ({
    ...getInputProps(field, { type: "radio", value }),
    // conform's radios are unticked with no value; the schema's default is shown ticked.
    defaultChecked: (field.initialValue ?? fallback) === value,
  });
  const emailType = f("emailType");
  const radius = f("brand.buttonRadius");
  const logo = f("brand.logoUrl");

  return (
    <>
      <section className="bld-card" aria-labelledby="bld-what">
        <h2 id="bld-what">What should the email say?</h2>
        <label htmlFor={prompt.id}>Prompt</label>
        <p className="bld-hint" id={prompt.descriptionId}>
          Brand, offer, products or topics, dates, tone. The more concrete, the better the copy.
        </p>
        <textarea
          {...getTextareaProps(prompt, { ariaDescribedBy: prompt.descriptionId })}
          rows={5}
          required
          placeholder="Spring sale for Bloom & Co: tabs for Dresses ($49), Shoes ($79) and Bags ($59), 20% off with code BLOOM20 until May 3"
        />
        <FieldError field={prompt} className={ERR} />

        <div className="bld-row">
          <div>
            <label htmlFor={emailType.id}>Email type</label>
            <select {...getSelectProps(emailType)}>
              <option value="">Detect from the prompt</option>
              {options.emailTypes.map((t) => (
                <option key={t} value={t}>
                  {t[0].toUpperCase() + t.slice(1)}
                </option>
              ))}
            </select>
            <FieldError field={emailType} className={ERR} />
          </div>
          <fieldset className="bld-segmented">
            <legend>Complexity</legend>
            <div className="bld-segments">
              {options.complexities.map((c) => (
                <label key={c} className="bld-segment">
                  <input {...radio(f("complexity"), c, "intermediate")} />
                  <span>{c[0].toUpperCase() + c.slice(1)}</span>
                </label>
              ))}
            </div>
            <FieldError field={f("complexity")} className={ERR} />
          </fieldset>
        </div>
      </section>

      <section className="bld-card" aria-labelledby="bld-interactive">
        <h2 id="bld-interactive">Interactive technique</h2>
        <fieldset
          className="bld-plain"
          id={techniques.id}
          aria-invalid={techniques.errors?.length ? true : undefined}
          aria-describedby={[techniques.errors?.length ? techniques.errorId : "", techniques.descriptionId].join(" ").trim()}
        >
          <legend className="bld-visually-hidden">Techniques</legend>
          <p className="bld-hint" id={techniques.descriptionId}>
            Leave all unticked for <strong>Auto</strong> (picked from your prompt), or choose up to two. A technique your prompt names takes
            precedence.
          </p>
          <div className="bld-chips">
            {options.techniques.map((t) => (
              <label key={t.value} className="bld-chip" title={t.hint}>
                <input
                  type="checkbox"
                  name={techniques.name}
                  form={techniques.formId}
                  value={t.value}
                  defaultChecked={picked.has(t.value)}
                  onChange={(ev) => setCount((n) => n + (ev.target.checked ? 1 : -1))}
                />
                <span>{t.label}</span>
              </label>
            ))}
          </div>
          <p className="bld-hint" aria-live="polite">
            {count === 0 ? "Auto: Kinetic picks from the prompt." : count > 2 ? "Pick at most two." : `${count} of 2 chosen.`}
          </p>
          <FieldError field={techniques} className={ERR} />
        </fieldset>
      </section>

      <section className="bld-card" aria-labelledby="bld-style">
        <h2 id="bld-style">Style</h2>
        <fieldset className="bld-plain">
          <legend className="bld-visually-hidden">Style theory</legend>
          <div className="bld-style-grid">
            {options.styles.map((s) => (
              <label key={s.key} className="bld-style-card">
                <input {...radio(f("styleTheory"), s.key, "auto")} />
                <span className="bld-style-body">
                  <span className="bld-swatch" aria-hidden="true">
                    {s.swatch.map((c, i) => (
                      <span key={i} style={{ background: c }} />
                    ))}
                  </span>
                  <span className="bld-style-name">{s.label}</span>
                  <span className="bld-style-note">{s.note}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError field={f("styleTheory")} className={ERR} />
        </fieldset>
        <fieldset className="bld-plain">
          <legend>Layout</legend>
          <div className="bld-style-grid">
            {LAYOUT_OPTIONS.map((l) => (
              <label key={l.key} className="bld-style-card">
                <input {...radio(f("layout"), l.key, "auto")} />
                <span className="bld-style-body">
                  <span className="bld-style-name">{l.name}</span>
                  <span className="bld-style-note">{l.blurb}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError field={f("layout")} className={ERR} />
        </fieldset>
      </section>

      <section className="bld-card" aria-labelledby="bld-brand">
        <h2 id="bld-brand">Brand</h2>
        <p className="bld-hint">Saved to your account: your next brief starts from these.</p>
        <label className="bld-check">
          <input {...getInputProps(f("brand.useColors"), { type: "checkbox" })} onChange={(ev) => setUseColors(ev.target.checked)} />
          <span>Use my brand colours (instead of the style&apos;s palette)</span>
        </label>
        <div className={`bld-colors${useColors ? "" : " bld-colors-off"}`}>
          {options.brandColors.map((c) => {
            const color = f(`brand.colors.${c.key}`);
            return (
              <div key={c.key} className="bld-color">
                <label htmlFor={color.id}>{c.label}</label>
                <input
                  {...getInputProps(color, { type: "color" })}
                  defaultValue={color.initialValue ?? c.fallback}
                  onInput={() => setUseColors(true)}
                  onChange={(ev) => {
                    const box = ev.currentTarget.form?.elements.namedItem("brand.useColors");
                    if (box instanceof HTMLInputElement) box.checked = true;
                  }}
                />
                <FieldError field={color} className={ERR} />
              </div>
            );
          })}
        </div>
        <div className="bld-row">
          {(["brand.fontFamily", "brand.headingFontFamily"] as const).map((name) => {
            const font = f(name);
            return (
              <div key={name}>
                <label htmlFor={font.id}>{name === "brand.fontFamily" ? "Body font" : "Heading font"}</label>
                <select {...getSelectProps(font)}>
                  <option value="">Style default</option>
                  {options.fonts.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
                <FieldError field={font} className={ERR} />
              </div>
            );
          })}
        </div>
        <div className="bld-row">
          <div>
            <label htmlFor={radius.id}>Button radius (px)</label>
            <input {...getInputProps(radius, { type: "number" })} min={0} max={999} inputMode="numeric" placeholder="Style default" />
            <FieldError field={radius} className={ERR} />
          </div>
          <div>
            <label htmlFor={logo.id}>Logo URL</label>
            <input {...getInputProps(logo, { type: "url", ariaDescribedBy: logo.descriptionId })} placeholder="https://…/logo.png" />
            <p className="bld-hint" id={logo.descriptionId}>
              Empty: the logo of your brand profile (Brand page), if it has one.
            </p>
            <FieldError field={logo} className={ERR} />
          </div>
        </div>
      </section>

      <details
        className="bld-card bld-more"
        open={rowFilled("images", options.imageRows) || rowFilled("savedSections", options.sectionRows) || undefined}
      >
        <summary>
          Images and saved sections <span className="bld-hint">(optional)</span>
        </summary>
        <fieldset className="bld-plain">
          <legend>Images</legend>
          <p className="bld-hint">Kinetic places https images in the sections their description fits.</p>
          {Array.from({ length: options.imageRows }, (_, i) => {
            const [name, description, url] = (["name", "description", "url"] as const).map((k) => f(`images[${i}].${k}`));
            return (
              <div key={i} className="bld-image-row">
                <div>
                  <label htmlFor={name.id}>Image {i + 1} name</label>
                  <input {...getInputProps(name, { type: "text" })} />
                  <FieldError field={name} className={ERR} />
                </div>
                <div>
                  <label htmlFor={description.id}>Description</label>
                  <input {...getInputProps(description, { type: "text" })} />
                  <FieldError field={description} className={ERR} />
                </div>
                <div>
                  <label htmlFor={url.id}>URL</label>
                  <input {...getInputProps(url, { type: "url" })} placeholder="https://" />
                  <FieldError field={url} className={ERR} />
                </div>
              </div>
            );
          })}
        </fieldset>
        <fieldset className="bld-plain">
          <legend>Saved sections</legend>
          <p className="bld-hint">HTML placed verbatim in the email (a footer, a legal block).</p>
          {Array.from({ length: options.sectionRows }, (_, i) => {
            const [name, html] = (["name", "html"] as const).map((k) => f(`savedSections[${i}].${k}`));
            return (
              <div key={i} className="bld-section-row">
                <label htmlFor={name.id}>Section {i + 1} name</label>
                <input {...getInputProps(name, { type: "text" })} />
                <FieldError field={name} className={ERR} />
                <label htmlFor={html.id}>Section {i + 1} HTML</label>
                <textarea {...getTextareaProps(html)} rows={3} className="bld-code" />
                <FieldError field={html} className={ERR} />
              </div>
            );
          })}
        </fieldset>
      </details>

      <section className="bld-card" aria-labelledby="bld-options">
        <h2 id="bld-options">Options</h2>
        <label className="bld-toggle">
          <input {...getInputProps(f("useRAG"), { type: "checkbox" })} />
          <span>
            <strong>Use the library</strong>
            <span className="bld-hint"> Learn from curated example emails (retrieval).</span>
          </span>
        </label>
        <label className="bld-toggle">
          <input {...getInputProps(f("generateAmp"), { type: "checkbox" })} />
          <span>
            <strong>Also AMP</strong>
            <span className="bld-hint"> Build an AMP4Email version of the same email.</span>
          </span>
        </label>
      </section>
    </>
  );
}
