import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useOutlet } from "@remix-run/react";
import { useState } from "react";
import { CsrfField } from "~/components/csrf-field";
import { CSRF_FIELD } from "~/lib/csrf";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { listLibrarySummaries } from "~/services/library-views.server";
import { autoTag, deleteContent, submitContent } from "~/services/library.server";
import { COMPLEXITIES, EXAMPLE_TYPES } from "~/domain/retrieval/metadata";
import { CONTENT_FOCUSES, submitContentSchema } from "~/domain/requests/library";

export const meta: MetaFunction = ({ matches }) => [{ title: `Library · ${(matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic"}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const rows = await listLibrarySummaries(app);
  const docs = rows
    .map((r) => {
      const m = r.metadata as Record<string, unknown>;
      const s = (k: string) => (typeof m[k] === "string" ? (m[k] as string) : "");
      return {
        id: r.id,
        type: r.type,
        title: r.type === "blog" ? s("blogTitle") : s("description"),
        technique: r.type === "blog" ? ((m.techniquesCovered as string[] | undefined) ?? []).join(", ") : s("technique"),
        complexity: r.type === "blog" ? s("learningLevel") : s("complexity"),
        exampleType: r.type === "html" ? s("exampleType") : r.type === "amp" ? `AMP ${s("ampValidator")}` : s("contentFocus"),
        submittedAt: s("submittedAt"),
        chars: r.chars,
      };
    })
    .sort((a, b) => (a.submittedAt < b.submittedAt ? 1 : a.submittedAt > b.submittedAt ? -1 : 0));
  return { docs, totalChars: rows.reduce((n, r) => n + r.chars, 0) };
}

type FormValues = Record<string, string>;
type ActionData = { error?: string; notice?: string; values?: FormValues; tagged?: boolean };

const LIST_FIELDS = new Set(["keyFeatures", "bestPracticeTags", "techniquesCovered"]);

/** Form fields → the API's body: blank means "not given", lists are comma-separated. */
function toUpload(values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (k === "intent" || k === CSRF_FIELD || typeof v !== "string") continue;
    if (LIST_FIELDS.has(k)) {
      const list = v.split(",").map((x) => x.trim()).filter(Boolean);
      if (list.length) out[k] = list;
    } else if (v.trim()) out[k] = k === "htmlContent" ? v : v.trim();
  }
  return out;
}

export async function action({ request }: ActionFunctionArgs): Promise<ActionData | Response> {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const form = await request.formData();
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as FormValues;
  const intent = values.intent;

  if (intent === "delete") {
    const r = await deleteContent(app, values.id ?? "");
    return r.ok ? { notice: `Deleted ${r.value.id}.` } : { error: r.error };
  }
  if (intent === "autotag") {
    if (!values.htmlContent?.trim()) return { error: "Paste the email HTML first, then auto-tag it.", values };
    const r = await autoTag(app, { htmlContent: values.htmlContent, contentType: values.uploadType === "amp" ? "amp" : "html" });
    if (!r.ok) return { error: r.error, values };
    const t = r.value.tags;
    return {
      tagged: true,
      notice: "Fields filled from the tagger; review them before adding.",
      values: {
        ...values,
        description: t.description,
        technique: t.technique,
        complexity: t.complexity,
        emailPurpose: t.emailPurpose,
        keyFeatures: t.keyFeatures.join(", "),
        bestPracticeTags: t.bestPracticeTags.join(", "),
        // Left for the builder: a tagger text pasted here would go stale as the admin edits the fields.
      },
    };
  }
  if (intent === "submit") {
    const parsed = submitContentSchema.safeParse(toUpload(values));
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "form"}: ${i.message}`);
      return { error: `Check the form: ${problems.join("; ")}`, values };
    }
    const r = await submitContent(app, parsed.data);
    if (!r.ok) return { error: r.error, values };
    return redirect(`/admin/library/${r.value.id}`);
  }
  return { error: "Unknown action" };
}

function Field({ name, label, values, textarea, ...rest }: { name: string; label: string; values?: FormValues; textarea?: boolean; placeholder?: string; rows?: number }) {
  const id = `lib-${name}`;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {textarea ? (
        <textarea id={id} name={name} defaultValue={values?.[name] ?? ""} rows={rest.rows ?? 4} placeholder={rest.placeholder} className="code" />
      ) : (
        <input id={id} name={name} defaultValue={values?.[name] ?? ""} placeholder={rest.placeholder} />
      )}
    </>
  );
}

function Choice({ name, label, options, values, blank }: { name: string; label: string; options: readonly string[]; values?: FormValues; blank?: string }) {
  return (
    <>
      <label htmlFor={`lib-${name}`}>{label}</label>
      <select id={`lib-${name}`} name={name} defaultValue={values?.[name] ?? ""}>
        {blank !== undefined ? <option value="">{blank}</option> : null}
        {options.map((o) => (
          <option key={o} value={o}>{o}</option>
        ))}
      </select>
    </>
  );
}

export default function AdminLibrary() {
  const outlet = useOutlet();
  const { docs, totalChars } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const values = result?.values;
  const [uploadType, setUploadType] = useState(values?.uploadType ?? "html");
  // The detail page is a child route; this page is its list.
  if (outlet) return outlet;
  const busy = navigation.state !== "idle";
  // A new key re-mounts the inputs so the tagger's values replace what was typed.
  const formKey = result?.tagged ? `tagged-${values?.htmlContent?.length ?? 0}-${values?.description ?? ""}` : "form";

  return (
    <div>
      <h1>Library</h1>
      <p className="muted">
        {docs.length} documents, {totalChars.toLocaleString("en")} characters. Newest first. <Link to="/admin">Back to admin</Link>
      </p>
      {result?.error ? <p className="error" role="alert">{result.error}</p> : null}
      {result?.notice ? <p className="notice" role="status">{result.notice}</p> : null}

      <table className="list" data-testid="library-table">
        <thead>
          <tr><th>Document</th><th>Type</th><th>Technique</th><th>Complexity</th><th>Example type</th><th>Chars</th><th>Submitted</th><th /></tr>
        </thead>
        <tbody>
          {docs.map((d) => (
            <tr key={d.id}>
              <td><Link to={`/admin/library/${d.id}`}>{d.title || d.id}</Link></td>
              <td><span className="pill">{d.type}</span></td>
              <td>{d.technique}</td>
              <td>{d.complexity}</td>
              <td>{d.exampleType}</td>
              <td style={{ textAlign: "right" }}>{d.chars.toLocaleString("en")}</td>
              <td className="muted">{d.submittedAt.slice(0, 16).replace("T", " ")}</td>
              <td>
                <Form method="post" onSubmit={(e) => { if (!confirm(`Delete ${d.id}?`)) e.preventDefault(); }}>
                  <CsrfField />
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={d.id} />
                  <button type="submit" className="secondary" style={{ marginTop: 0 }} aria-label={`Delete ${d.title || d.id}`}>Delete</button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Add a document</h2>
      <div className="card">
        <Form method="post" key={formKey}>
          <CsrfField />
          <label htmlFor="lib-uploadType">Type</label>
          <select id="lib-uploadType" name="uploadType" value={uploadType} onChange={(e) => setUploadType(e.target.value)}>
            <option value="html">HTML email</option>
            <option value="amp">AMP email</option>
            <option value="blog">Blog article</option>
          </select>
          <Field name="htmlContent" label={uploadType === "blog" ? "Article HTML" : "Email HTML"} values={values} textarea rows={10} />
          {uploadType === "blog" ? (
            <fieldset>
              <legend>Article</legend>
              <Field name="blogTitle" label="Title" values={values} />
              <Field name="blogTopic" label="Topic" values={values} />
              <Choice name="learningLevel" label="Learning level" options={COMPLEXITIES} values={values} blank="(intermediate)" />
              <Field name="techniquesCovered" label="Techniques covered (comma-separated)" values={values} />
              <Field name="keyTakeaways" label="Key takeaways" values={values} textarea rows={3} />
              <Choice name="contentFocus" label="Content focus" options={CONTENT_FOCUSES} values={values} blank="(general)" />
            </fieldset>
          ) : (
            <fieldset>
              <legend>Email</legend>
              <button type="submit" name="intent" value="autotag" className="secondary" disabled={busy}>Auto-tag</button>
              <Field name="description" label="Description" values={values} />
              <Field name="technique" label="Technique" values={values} placeholder="tabs, carousel, tabs+accordion…" />
              <Choice name="complexity" label="Complexity" options={COMPLEXITIES} values={values} blank="(auto)" />
              {uploadType === "html" ? (
                <>
                  <Field name="emailPurpose" label="Email purpose" values={values} placeholder="ecommerce, newsletter…" />
                  <Choice name="exampleType" label="Example type" options={EXAMPLE_TYPES} values={values} />
                  <Field name="keyFeatures" label="Key features (comma-separated)" values={values} />
                  <Field name="bestPracticeTags" label="Best-practice tags (comma-separated)" values={values} />
                </>
              ) : null}
            </fieldset>
          )}
          <Field name="embeddingText" label="Embedding text (optional; built from the fields when empty)" values={values} textarea rows={4} />
          <button type="submit" name="intent" value="submit" disabled={busy}>Add to library</button>
        </Form>
      </div>
    </div>
  );
}
