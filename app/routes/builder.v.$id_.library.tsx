// Admins: save a builder version to the retrieval library. GET runs the auto-tagger on the
// version's HTML and shows its fields for review; POST submits them through the library service
// (the one behind /api/admin/submit-content) and returns to the version with a link to the document.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CsrfField } from "~/components/csrf-field";
import { panelUrl } from "~/components/builder/panel-meta";
import { versionPanelsLinks } from "~/components/builder/version-panels";
import { Notice } from "~/components/builder/panel-ui";
import { COMPLEXITIES, EXAMPLE_TYPES } from "~/domain/retrieval/metadata";
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

export async function action({ request, params }: ActionFunctionArgs) {
  const { app, version } = await load(request, params.id ?? "");
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as unknown as LibraryForm;
  const r = await saveVersionToLibrary(app, version, values);
  if (!r.ok) return { error: r.error, values };
  return redirect(panelUrl(version.id, "ship", { saved: r.value.docId }));
}

function Text({ name, label, values, hint, textarea }: { name: keyof LibraryForm; label: string; values: LibraryForm; hint?: string; textarea?: boolean }) {
  const id = `lib-${name}`;
  return (
    <div className="vp-field">
      <label htmlFor={id}>{label}</label>
      {hint ? <p id={`${id}-hint`} className="muted vp-help">{hint}</p> : null}
      {textarea ? (
        <textarea id={id} name={name} rows={3} defaultValue={values[name] ?? ""} aria-describedby={hint ? `${id}-hint` : undefined} required={name === "description"} />
      ) : (
        <input id={id} name={name} type="text" defaultValue={values[name] ?? ""} aria-describedby={hint ? `${id}-hint` : undefined} />
      )}
    </div>
  );
}

export default function SaveToLibrary() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const values = result?.values ?? data.values;
  const busy = navigation.state === "submitting";
  return (
    <div className="vp vp-library-page">
      <p><Link to={panelUrl(data.id, "ship")}>← Back to the version</Link></p>
      <h1>Save to the library</h1>
      <p className="muted">
        {data.subject ? <><strong>{data.subject}</strong>. </> : null}
        The auto-tagger filled these fields from the HTML's structure. Review them, then save: the document is embedded and becomes a retrieval example for future generations.
      </p>
      {data.tagError ? <Notice kind="error">The auto-tagger is unavailable ({data.tagError}); fill the fields in yourself.</Notice> : <Notice kind="info">Pre-filled by the auto-tagger. Check every field before saving.</Notice>}
      {result?.error ? <Notice kind="error" testId="library-error" focus>{result.error}</Notice> : null}
      <Form method="post" className="card vp-library-form" aria-label="Library document">
        <CsrfField />
        <Text name="description" label="Description" values={values} textarea hint="What the email is and does; used to find it later." />
        <div className="vp-two">
          <Text name="technique" label="Technique" values={values} hint="e.g. tabs, carousel, accordion" />
          <Text name="emailPurpose" label="Purpose" values={values} hint="e.g. ecommerce, newsletter, transactional" />
          <div className="vp-field">
            <label htmlFor="lib-complexity">Complexity</label>
            <select id="lib-complexity" name="complexity" defaultValue={values.complexity ?? ""}>
              <option value="">Not set</option>
              {COMPLEXITIES.map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
          </div>
          <div className="vp-field">
            <label htmlFor="lib-exampleType">Example type</label>
            <select id="lib-exampleType" name="exampleType" defaultValue={values.exampleType ?? "positive"}>
              {EXAMPLE_TYPES.map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
          </div>
        </div>
        <Text name="keyFeatures" label="Key features" values={values} hint="Comma-separated." />
        <Text name="bestPracticeTags" label="Best-practice tags" values={values} hint="Comma-separated." />
        <button type="submit" disabled={busy} data-testid="library-submit">{busy ? "Saving…" : "Save to the library"}</button>
      </Form>
    </div>
  );
}
