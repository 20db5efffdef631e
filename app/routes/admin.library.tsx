import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type Submission,
  type SubmissionResult,
} from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useOutlet } from "@remix-run/react";
import { CsrfField } from "~/components/csrf-field";
import { FieldError, VALIDATE_WHEN } from "~/components/page-form";
import { formValue, useFormReading } from "~/components/typed-before-hydration";
import { joinCommaList, splitCommaLists } from "~/lib/comma-lists";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { listLibrarySummaries } from "~/services/library-views.server";
import { autoTag, deleteContent, submitContent } from "~/services/library.server";
import { COMPLEXITIES, EXAMPLE_TYPES } from "~/domain/retrieval/metadata";
import { CONTENT_FOCUSES, DeleteContentBodySchema, autoTagSchema, submitContentSchema } from "~/domain/requests/library";
import { parsePageForm } from "~/domain/requests/page-form";

export const meta: MetaFunction = ({ matches }) => [
  { title: `Library · ${(matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic"}` },
];

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

type ActionData = { result?: SubmissionResult<string[]>; notice?: string; error?: string; tagged?: boolean };

const LIST_FIELDS = ["keyFeatures", "bestPracticeTags", "techniquesCovered"] as const;

/** The upload form as the library's upload (submitContentSchema): lists are typed comma-separated. */
const parseUpload = (form: FormData) => parsePageForm(splitCommaLists(form, LIST_FIELDS), { schema: submitContentSchema });
/** Auto-tag reads the HTML only, as an email of the type chosen. */
function parseAutoTag(form: FormData) {
  const fields = new FormData();
  for (const [k, v] of form) fields.append(k, v);
  fields.set("contentType", form.get("uploadType") === "amp" ? "amp" : "html");
  return parsePageForm(fields, { schema: autoTagSchema });
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "delete") {
    const submission = parsePageForm(form, { schema: DeleteContentBodySchema });
    if (submission.status !== "success")
      return data<ActionData>({ error: "That request did not name a document. Reload the page and try again." }, { status: 400 });
    const r = await deleteContent(app, submission.value.id);
    return data<ActionData>(r.ok ? { notice: `Deleted ${r.value.id}.` } : { error: r.error });
  }
  if (intent === "autotag") {
    const submission = parseAutoTag(form);
    if (submission.status !== "success") return data<ActionData>({ result: submission.reply() }, { status: 400 });
    const r = await autoTag(app, submission.value);
    if (!r.ok) return data<ActionData>({ result: submission.reply({ formErrors: [r.error] }) }, { status: r.status });
    const t = r.value.tags;
    // The tagger's fields replace what was typed (the embedding text is left for the builder: a tagger
    // text pasted here would go stale as the admin edits the fields).
    const initialValue = {
      ...submission.payload,
      description: t.description,
      technique: t.technique,
      complexity: t.complexity,
      emailPurpose: t.emailPurpose,
      keyFeatures: t.keyFeatures.join(", "),
      bestPracticeTags: t.bestPracticeTags.join(", "),
    };
    return data<ActionData>({
      tagged: true,
      notice: "Fields filled from the tagger; review them before adding.",
      result: { initialValue },
    });
  }
  if (intent === "submit") {
    const submission = parseUpload(form);
    if (submission.status !== "success") return data<ActionData>({ result: submission.reply() }, { status: 400 });
    const r = await submitContent(app, submission.value);
    if (!r.ok) return data<ActionData>({ result: submission.reply({ formErrors: [r.error] }) }, { status: r.status });
    return redirect(`/admin/library/${r.value.id}`);
  }
  return data<ActionData>({ error: "Unknown action" }, { status: 400 });
}

type Meta = FieldMetadata<unknown>;

/** A field's errors, its items' included (a tag too long is the list's error). */
const errorsOf = (field: Meta) => Object.values(field.allErrors).flat();

function Field({
  field,
  label,
  textarea,
  list,
  ...rest
}: {
  field: Meta;
  label: string;
  textarea?: boolean;
  list?: boolean;
  placeholder?: string;
  rows?: number;
}) {
  const aria = { ariaInvalid: "allErrors" as const };
  return (
    <>
      <label htmlFor={field.id}>{label}</label>
      {textarea ? (
        <textarea {...getTextareaProps(field, aria)} rows={rest.rows ?? 4} placeholder={rest.placeholder} className="code" />
      ) : (
        <input
          {...getInputProps(field, { type: "text", ...aria })}
          {...(list ? { defaultValue: joinCommaList(field.initialValue) } : {})}
          placeholder={rest.placeholder}
        />
      )}
      <FieldError field={{ errorId: field.errorId, errors: errorsOf(field) }} />
    </>
  );
}

function Choice({ field, label, options, blank }: { field: Meta; label: string; options: readonly string[]; blank?: string }) {
  return (
    <>
      <label htmlFor={field.id}>{label}</label>
      <select {...getSelectProps(field)}>
        {blank !== undefined ? <option value="">{blank}</option> : null}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </>
  );
}

/** The add-a-document form; re-mounted (new key) when the tagger's values replace the fields. */
function UploadForm({ result, busy }: { result?: SubmissionResult<string[]>; busy: boolean }) {
  const [form, fields] = useForm({
    id: "lib-upload",
    lastResult: result,
    ...VALIDATE_WHEN,
    // Auto-tag needs only the HTML; adding needs the whole document.
    onValidate: ({ formData, submitter }): Submission<Record<string, unknown>> =>
      submitter instanceof HTMLButtonElement && submitter.value === "autotag" ? parseAutoTag(formData) : parseUpload(formData),
  });
  const initialType = typeof fields.uploadType.initialValue === "string" ? fields.uploadType.initialValue : "html";
  // The fields shown follow the type, read from the form once hydrated and then on each change; the
  // select stays uncontrolled, so a type picked before hydration is kept.
  const [uploadType, setUploadType] = useFormReading(form.id, initialType, (f) => formValue(f, fields.uploadType.name) || initialType);
  const { defaultValue: _type, ...typeProps } = getSelectProps(fields.uploadType);
  return (
    <Form method="post" {...getFormProps(form)}>
      <CsrfField />
      {form.errors?.length ? (
        <p className="error" role="alert" id={form.errorId}>
          {form.errors[0]}
        </p>
      ) : null}
      <label htmlFor={fields.uploadType.id}>Type</label>
      <select {...typeProps} defaultValue={initialType} onChange={(e) => setUploadType(e.target.value)}>
        <option value="html">HTML email</option>
        <option value="amp">AMP email</option>
        <option value="blog">Blog article</option>
      </select>
      <Field field={fields.htmlContent} label={uploadType === "blog" ? "Article HTML" : "Email HTML"} textarea rows={10} />
      {uploadType === "blog" ? (
        <fieldset>
          <legend>Article</legend>
          <Field field={fields.blogTitle} label="Title" />
          <Field field={fields.blogTopic} label="Topic" />
          <Choice field={fields.learningLevel} label="Learning level" options={COMPLEXITIES} blank="(intermediate)" />
          <Field field={fields.techniquesCovered} label="Techniques covered (comma-separated)" list />
          <Field field={fields.keyTakeaways} label="Key takeaways" textarea rows={3} />
          <Choice field={fields.contentFocus} label="Content focus" options={CONTENT_FOCUSES} blank="(general)" />
        </fieldset>
      ) : (
        <fieldset>
          <legend>Email</legend>
          <button type="submit" name="intent" value="autotag" className="secondary" disabled={busy}>
            Auto-tag
          </button>
          <Field field={fields.description} label="Description" />
          <Field field={fields.technique} label="Technique" placeholder="tabs, carousel, tabs+accordion…" />
          <Choice field={fields.complexity} label="Complexity" options={COMPLEXITIES} blank="(auto)" />
          {uploadType === "html" ? (
            <>
              <Field field={fields.emailPurpose} label="Email purpose" placeholder="ecommerce, newsletter…" />
              <Choice field={fields.exampleType} label="Example type" options={EXAMPLE_TYPES} />
              <Field field={fields.keyFeatures} label="Key features (comma-separated)" list />
              <Field field={fields.bestPracticeTags} label="Best-practice tags (comma-separated)" list />
            </>
          ) : null}
        </fieldset>
      )}
      <Field field={fields.embeddingText} label="Embedding text (optional; built from the fields when empty)" textarea rows={4} />
      <button type="submit" name="intent" value="submit" disabled={busy}>
        Add to library
      </button>
    </Form>
  );
}

export default function AdminLibrary() {
  const outlet = useOutlet();
  const { docs, totalChars } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  // The detail page is a child route; this page is its list.
  if (outlet) return outlet;
  const busy = navigation.state !== "idle";
  // A new key re-mounts the inputs so the tagger's values replace what was typed.
  const tagged = result?.tagged ? result.result?.initialValue : undefined;
  const formKey = tagged ? `tagged-${String(tagged.htmlContent ?? "").length}-${String(tagged.description ?? "")}` : "form";

  return (
    <div>
      <h1>Library</h1>
      <p className="muted">
        {docs.length} documents, {totalChars.toLocaleString("en")} characters. Newest first. <Link to="/admin">Back to admin</Link>
      </p>
      {result?.error ? (
        <p className="error" role="alert">
          {result.error}
        </p>
      ) : null}
      {result?.notice ? (
        <p className="notice" role="status">
          {result.notice}
        </p>
      ) : null}

      <table className="list" data-testid="library-table">
        <thead>
          <tr>
            <th>Document</th>
            <th>Type</th>
            <th>Technique</th>
            <th>Complexity</th>
            <th>Example type</th>
            <th>Chars</th>
            <th>Submitted</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {docs.map((d) => (
            <tr key={d.id}>
              <td>
                <Link to={`/admin/library/${d.id}`}>{d.title || d.id}</Link>
              </td>
              <td>
                <span className="pill">{d.type}</span>
              </td>
              <td>{d.technique}</td>
              <td>{d.complexity}</td>
              <td>{d.exampleType}</td>
              <td style={{ textAlign: "right" }}>{d.chars.toLocaleString("en")}</td>
              <td className="muted">{d.submittedAt.slice(0, 16).replace("T", " ")}</td>
              <td>
                <Form
                  method="post"
                  onSubmit={(e) => {
                    if (!confirm(`Delete ${d.id}?`)) e.preventDefault();
                  }}
                >
                  <CsrfField />
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={d.id} />
                  <button type="submit" className="secondary" style={{ marginTop: 0 }} aria-label={`Delete ${d.title || d.id}`}>
                    Delete
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Add a document</h2>
      <div className="card">
        <UploadForm key={formKey} result={result?.result} busy={busy} />
      </div>
    </div>
  );
}
