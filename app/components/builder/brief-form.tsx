// The brief's fields (step 1). Plain inputs inside the page's <Form>: it posts without JavaScript.
import { useState } from "react";
import type { BriefInput, FieldErrors } from "~/services/builder.server";
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

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="bld-field-error" id={id}>
      {error}
    </p>
  ) : null;
}

const txt = (v: unknown) => (v === undefined || v === null ? "" : String(v));
const err = (errors: FieldErrors | undefined, name: string) => errors?.[name];
const describedBy = (errors: FieldErrors | undefined, name: string, hint?: string) =>
  [hint, err(errors, name) ? `err-${name.replace(/\./g, "-")}` : undefined].filter(Boolean).join(" ") || undefined;

export function BriefFields({ values, errors, options }: { values: BriefInput; errors?: FieldErrors; options: BriefOptions }) {
  const brand = values.brand ?? {};
  const picked = new Set(values.techniques ?? []);
  const [count, setCount] = useState(picked.size);
  const [useColors, setUseColors] = useState(Boolean(brand.useColors));
  const images = values.images ?? [];
  const sections = values.savedSections ?? [];
  const e = (name: string) => err(errors, name);
  const eid = (name: string) => `err-${name.replace(/\./g, "-")}`;

  return (
    <>
      <section className="bld-card" aria-labelledby="bld-what">
        <h2 id="bld-what">What should the email say?</h2>
        <label htmlFor="bld-prompt">Prompt</label>
        <p className="bld-hint" id="bld-prompt-hint">
          Brand, offer, products or topics, dates, tone. The more concrete, the better the copy.
        </p>
        <textarea
          id="bld-prompt"
          name="prompt"
          rows={5}
          required
          defaultValue={values.prompt ?? ""}
          aria-invalid={e("prompt") ? true : undefined}
          aria-describedby={describedBy(errors, "prompt", "bld-prompt-hint")}
          placeholder="Spring sale for Bloom & Co: tabs for Dresses ($49), Shoes ($79) and Bags ($59), 20% off with code BLOOM20 until May 3"
        />
        <FieldError id={eid("prompt")} error={e("prompt")} />

        <div className="bld-row">
          <div>
            <label htmlFor="bld-emailType">Email type</label>
            <select id="bld-emailType" name="emailType" defaultValue={txt(values.emailType)} aria-invalid={e("emailType") ? true : undefined} aria-describedby={describedBy(errors, "emailType")}>
              <option value="">Detect from the prompt</option>
              {options.emailTypes.map((t) => (
                <option key={t} value={t}>{t[0].toUpperCase() + t.slice(1)}</option>
              ))}
            </select>
            <FieldError id={eid("emailType")} error={e("emailType")} />
          </div>
          <fieldset className="bld-segmented">
            <legend>Complexity</legend>
            <div className="bld-segments">
              {options.complexities.map((c) => (
                <label key={c} className="bld-segment">
                  <input type="radio" name="complexity" value={c} defaultChecked={(values.complexity ?? "intermediate") === c} />
                  <span>{c[0].toUpperCase() + c.slice(1)}</span>
                </label>
              ))}
            </div>
            <FieldError id={eid("complexity")} error={e("complexity")} />
          </fieldset>
        </div>
      </section>

      <section className="bld-card" aria-labelledby="bld-interactive">
        <h2 id="bld-interactive">Interactive technique</h2>
        <fieldset className="bld-plain" aria-invalid={e("techniques") ? true : undefined} aria-describedby={describedBy(errors, "techniques", "bld-tech-hint")}>
          <legend className="bld-visually-hidden">Techniques</legend>
          <p className="bld-hint" id="bld-tech-hint">
            Leave all unticked for <strong>Auto</strong> (picked from your prompt), or choose up to two. A technique your prompt names
            takes precedence.
          </p>
          <div className="bld-chips">
            {options.techniques.map((t) => (
              <label key={t.value} className="bld-chip" title={t.hint}>
                <input
                  type="checkbox"
                  name="techniques"
                  value={t.value}
                  defaultChecked={picked.has(t.value as never)}
                  onChange={(ev) => setCount((n) => n + (ev.target.checked ? 1 : -1))}
                />
                <span>{t.label}</span>
              </label>
            ))}
          </div>
          <p className="bld-hint" aria-live="polite">
            {count === 0 ? "Auto: Kinetic picks from the prompt." : count > 2 ? "Pick at most two." : `${count} of 2 chosen.`}
          </p>
          <FieldError id={eid("techniques")} error={e("techniques")} />
        </fieldset>
      </section>

      <section className="bld-card" aria-labelledby="bld-style">
        <h2 id="bld-style">Style</h2>
        <fieldset className="bld-plain">
          <legend className="bld-visually-hidden">Style theory</legend>
          <div className="bld-style-grid">
            {options.styles.map((s) => (
              <label key={s.key} className="bld-style-card">
                <input type="radio" name="styleTheory" value={s.key} defaultChecked={(values.styleTheory ?? "auto") === s.key} />
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
          <FieldError id={eid("styleTheory")} error={e("styleTheory")} />
        </fieldset>
        <fieldset className="bld-plain">
          <legend>Layout</legend>
          <div className="bld-style-grid">
            {LAYOUT_OPTIONS.map((l) => (
              <label key={l.key} className="bld-style-card">
                <input type="radio" name="layout" value={l.key} defaultChecked={(values.layout ?? "auto") === l.key} />
                <span className="bld-style-body">
                  <span className="bld-style-name">{l.name}</span>
                  <span className="bld-style-note">{l.blurb}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id={eid("layout")} error={e("layout")} />
        </fieldset>
      </section>

      <section className="bld-card" aria-labelledby="bld-brand">
        <h2 id="bld-brand">Brand</h2>
        <p className="bld-hint">Saved to your account: your next brief starts from these.</p>
        <label className="bld-check">
          <input type="checkbox" name="brand.useColors" defaultChecked={Boolean(brand.useColors)} onChange={(ev) => setUseColors(ev.target.checked)} />
          <span>Use my brand colours (instead of the style's palette)</span>
        </label>
        <div className={`bld-colors${useColors ? "" : " bld-colors-off"}`}>
          {options.brandColors.map((c) => {
            const name = `brand.colors.${c.key}`;
            return (
              <div key={c.key} className="bld-color">
                <label htmlFor={`bld-color-${c.key}`}>{c.label}</label>
                <input
                  id={`bld-color-${c.key}`}
                  type="color"
                  name={name}
                  defaultValue={(brand.colors as Record<string, string> | undefined)?.[c.key] ?? c.fallback}
                  onInput={() => setUseColors(true)}
                  onChange={(ev) => {
                    const box = ev.currentTarget.form?.elements.namedItem("brand.useColors");
                    if (box instanceof HTMLInputElement) box.checked = true;
                  }}
                  aria-invalid={e(name) ? true : undefined} aria-describedby={describedBy(errors, name)}
                />
                <FieldError id={eid(name)} error={e(name)} />
              </div>
            );
          })}
        </div>
        <div className="bld-row">
          <div>
            <label htmlFor="bld-font">Body font</label>
            <select id="bld-font" name="brand.fontFamily" defaultValue={txt(brand.fontFamily)}>
              <option value="">Style default</option>
              {options.fonts.map((f) => (
                <option key={f.value} value={f.value}>{f.label}</option>
              ))}
            </select>
            <FieldError id={eid("brand.fontFamily")} error={e("brand.fontFamily")} />
          </div>
          <div>
            <label htmlFor="bld-headfont">Heading font</label>
            <select id="bld-headfont" name="brand.headingFontFamily" defaultValue={txt(brand.headingFontFamily)}>
              <option value="">Style default</option>
              {options.fonts.map((f) => (
                <option key={f.value} value={f.value}>{f.label}</option>
              ))}
            </select>
            <FieldError id={eid("brand.headingFontFamily")} error={e("brand.headingFontFamily")} />
          </div>
        </div>
        <div className="bld-row">
          <div>
            <label htmlFor="bld-radius">Button radius (px)</label>
            <input
              id="bld-radius"
              name="brand.buttonRadius"
              type="number"
              min={0}
              max={999}
              inputMode="numeric"
              placeholder="Style default"
              defaultValue={txt(brand.buttonRadius)}
              aria-invalid={e("brand.buttonRadius") ? true : undefined}
              aria-describedby={describedBy(errors, "brand.buttonRadius")}
            />
            <FieldError id={eid("brand.buttonRadius")} error={e("brand.buttonRadius")} />
          </div>
          <div>
            <label htmlFor="bld-logo">Logo URL</label>
            <input
              id="bld-logo"
              name="brand.logoUrl"
              type="url"
              placeholder="https://…/logo.png"
              defaultValue={txt(brand.logoUrl)}
              aria-invalid={e("brand.logoUrl") ? true : undefined}
              aria-describedby={describedBy(errors, "brand.logoUrl", "bld-logo-hint")}
            />
            <p className="bld-hint" id="bld-logo-hint">Empty: the logo of your brand profile (Brand page), if it has one.</p>
            <FieldError id={eid("brand.logoUrl")} error={e("brand.logoUrl")} />
          </div>
        </div>
      </section>

      <details className="bld-card bld-more" open={Boolean(images.length || sections.length) || undefined}>
        <summary>Images and saved sections <span className="bld-hint">(optional)</span></summary>
        <fieldset className="bld-plain">
          <legend>Images</legend>
          <p className="bld-hint">Kinetic places https images in the sections their description fits.</p>
          {Array.from({ length: options.imageRows }, (_, i) => {
            const img = (images[i] ?? {}) as { name?: string; description?: string; url?: string };
            const p = `images.${i}`;
            return (
              <div key={i} className="bld-image-row">
                <div>
                  <label htmlFor={`bld-img-${i}-name`}>Image {i + 1} name</label>
                  <input id={`bld-img-${i}-name`} name={`${p}.name`} defaultValue={img.name ?? ""} aria-invalid={e(`${p}.name`) ? true : undefined} aria-describedby={describedBy(errors, `${p}.name`)} />
                  <FieldError id={eid(`${p}.name`)} error={e(`${p}.name`)} />
                </div>
                <div>
                  <label htmlFor={`bld-img-${i}-desc`}>Description</label>
                  <input id={`bld-img-${i}-desc`} name={`${p}.description`} defaultValue={img.description ?? ""} />
                </div>
                <div>
                  <label htmlFor={`bld-img-${i}-url`}>URL</label>
                  <input id={`bld-img-${i}-url`} name={`${p}.url`} type="url" placeholder="https://" defaultValue={img.url ?? ""} aria-invalid={e(`${p}.url`) ? true : undefined} aria-describedby={describedBy(errors, `${p}.url`)} />
                  <FieldError id={eid(`${p}.url`)} error={e(`${p}.url`)} />
                </div>
              </div>
            );
          })}
        </fieldset>
        <fieldset className="bld-plain">
          <legend>Saved sections</legend>
          <p className="bld-hint">HTML placed verbatim in the email (a footer, a legal block).</p>
          {Array.from({ length: options.sectionRows }, (_, i) => {
            const s = (sections[i] ?? {}) as { name?: string; html?: string };
            const p = `savedSections.${i}`;
            return (
              <div key={i} className="bld-section-row">
                <label htmlFor={`bld-sec-${i}-name`}>Section {i + 1} name</label>
                <input id={`bld-sec-${i}-name`} name={`${p}.name`} defaultValue={s.name ?? ""} />
                <label htmlFor={`bld-sec-${i}-html`}>Section {i + 1} HTML</label>
                <textarea id={`bld-sec-${i}-html`} name={`${p}.html`} rows={3} className="bld-code" defaultValue={s.html ?? ""} aria-invalid={e(`${p}.html`) ? true : undefined} aria-describedby={describedBy(errors, `${p}.html`)} />
                <FieldError id={eid(`${p}.html`)} error={e(`${p}.html`)} />
              </div>
            );
          })}
        </fieldset>
      </details>

      <section className="bld-card" aria-labelledby="bld-options">
        <h2 id="bld-options">Options</h2>
        <label className="bld-toggle">
          <input type="checkbox" name="useRAG" defaultChecked={values.useRAG ?? true} />
          <span>
            <strong>Use the library</strong>
            <span className="bld-hint"> Learn from curated example emails (retrieval).</span>
          </span>
        </label>
        <label className="bld-toggle">
          <input type="checkbox" name="generateAmp" defaultChecked={values.generateAmp ?? false} />
          <span>
            <strong>Also AMP</strong>
            <span className="bld-hint"> Build an AMP4Email version of the same email.</span>
          </span>
        </label>
      </section>
    </>
  );
}
