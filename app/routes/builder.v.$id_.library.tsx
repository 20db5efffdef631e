// Admins: save a builder version to the retrieval library. GET runs the auto-tagger on the
// version's HTML and shows its fields for review; POST submits them through the library service
// (the one behind /api/admin/submit-content) and returns to the version with a link to the document.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CsrfField } from "~/components/csrf-field";
import { FieldError } from "~/components/page-form";
import { panelUrl } from "~/components/builder/panel-meta";
import { versionPanelsLinks } from "~/components/builder/version-panels";
import { Notice } from "~/components/builder/panel-ui";
import { COMPLEXITIES, EXAMPLE_TYPES } from "~/domain/retrieval/metadata";
import { submitContentSchema } from "~/domain/requests/library";
import { parsePageForm } from "~/domain/requests/page-form";
import { joinCommaList, splitCommaLists } from "~/lib/comma-lists";
import { saveVersionToLibrary, tagVersion, type LibraryForm } from "~/services/builder-panels.server";
import { requireOwnVersion } from "~/http/own-version.server";

export const links = versionPanelsLinks;
export const meta: MetaFunction = () => [{ title: "Save to the library" }];

async function load(request: Request, id: string) {
  const { app, version } = await requireOwnVersion(request, id, { admin: true });
  return { app, version };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { app, version } = await load(request, params.id ?? "");
  const tagged = await tagVersion(app, version);
  const values: LibraryForm & { exampleType: string } = tagged.ok
    ? {
        description: tagged.value.tags.description,
        technique: tagged.value.tags.technique,
        complexity: tagged.value.tags.complexity,
        emailPurpose: tagged.value.tags.emailPurpose,
        exampleType: "positive",
        keyFeatures: tagged.value.tags.keyFeatures.join(", "),
        bestPracticeTags: tagged.value.tags.bestPracticeTags.join(", "),
      }
    : { description: "", exampleType: "positive" };
  return { id: version.id, subject: version.subject, values, tagError: tagged.ok ? null : tagged.error };
}

const FIELDS = ["description", "technique", "complexity", "emailPurpose", "exampleType", "keyFeatures", "bestPracticeTags"] as const;
const LISTS = ["keyFeatures", "bestPracticeTags"] as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const { app, version } = await load(request, params.id ?? "");
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as unknown as LibraryForm;
  // The fields as the library's upload (submitContentSchema): an HTML document, the version's HTML.
  const upload = splitCommaLists(form, LISTS);
  upload.set("uploadType", "html");
  upload.set("htmlContent", version.html);
  const submission = parsePageForm(upload, { schema: submitContentSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["htmlContent", "uploadType"] }), { status: 400 });
  const r = await saveVersionToLibrary(app, version, values);
  if (!r.ok) return data(submission.reply({ formErrors: [r.error], hideFields: ["htmlContent", "uploadType"] }), { status: r.status });
  return redirect(panelUrl(version.id, "ship", { saved: r.value.docId }));
}

type Field = FieldMetadata<string | string[] | undefined>;

/** A field's errors, its items' included (a tag too long is the list's error). */
const errorsOf = (field: Field) => Object.values(field.allErrors).flat();

function Text({ field, label, hint, textarea, list }: { field: Field; label: string; hint?: string; textarea?: boolean; list?: boolean }) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const aria = { ariaDescribedBy: hintId, ariaInvalid: "allErrors" as const };
  return (
    <div className="vp-field">
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p id={hintId} className="muted vp-help">
          {hint}
        </p>
      ) : null}
      {textarea ? (
        <textarea {...getTextareaProps(field, aria)} rows={3} />
      ) : (
        <input
          {...getInputProps(field, { type: "text", ...aria })}
          {...(list ? { defaultValue: joinCommaList(field.initialValue) } : {})}
        />
      )}
      <FieldError field={{ errorId: field.errorId, errors: errorsOf(field) }} />
    </div>
  );
}

export default function SaveToLibrary() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const navigation = useNavigation();
  // Validated on the server only: the document is the version's HTML, which the page does not carry.
  const [form, fields] = useForm({ id: "lib", lastResult: result, defaultValue: loaded.values });
  const busy = navigation.state === "submitting";
  return (
    <div className="vp vp-library-page">
      <p>
        <Link to={panelUrl(loaded.id, "ship")}>← Back to the version</Link>
      </p>
      <h1>Save to the library</h1>
      <p className="muted">
        {loaded.subject ? (
          <>
            <strong>{loaded.subject}</strong>.{" "}
          </>
        ) : null}
        The auto-tagger filled these fields from the HTML's structure. Review them, then save: the document is embedded and becomes a
        retrieval example for future generations.
      </p>
      {loaded.tagError ? (
        <Notice kind="error">The auto-tagger is unavailable ({loaded.tagError}); fill the fields in yourself.</Notice>
      ) : (
        <Notice kind="info">Pre-filled by the auto-tagger. Check every field before saving.</Notice>
      )}
      {form.errors?.length ? (
        <Notice kind="error" testId="library-error" focus>
          {form.errors[0]}
        </Notice>
      ) : null}
      <Form method="post" className="card vp-library-form" aria-label="Library document" {...getFormProps(form)}>
        <CsrfField />
        <Text field={fields.description} label="Description" textarea hint="What the email is and does; used to find it later." />
        <div className="vp-two">
          <Text field={fields.technique} label="Technique" hint="e.g. tabs, carousel, accordion" />
          <Text field={fields.emailPurpose} label="Purpose" hint="e.g. ecommerce, newsletter, transactional" />
          <div className="vp-field">
            <label htmlFor={fields.complexity.id}>Complexity</label>
            <select {...getSelectProps(fields.complexity)}>
              <option value="">Not set</option>
              {COMPLEXITIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <FieldError field={fields.complexity} />
          </div>
          <div className="vp-field">
            <label htmlFor={fields.exampleType.id}>Example type</label>
            <select {...getSelectProps(fields.exampleType)}>
              {EXAMPLE_TYPES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <FieldError field={fields.exampleType} />
          </div>
        </div>
        <Text field={fields.keyFeatures} label="Key features" hint="Comma-separated." list />
        <Text field={fields.bestPracticeTags} label="Best-practice tags" hint="Comma-separated." list />
        <button type="submit" disabled={busy} data-testid="library-submit">
          {busy ? "Saving…" : "Save to the library"}
        </button>
      </Form>
    </div>
  );
}
