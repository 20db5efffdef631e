import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { getLibraryDocument } from "~/services/library-views.server";
import { vectorMetadataOf } from "~/services/library.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const brand = (matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic";
  return [{ title: `${data ? titleOf(data) : "Library"} · ${brand}` }];
};

/** A document's human name: an email's description, a blog's title, else its id. */
function titleOf(d: { id: string; title: string }): string {
  return d.title || d.id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const row = await getLibraryDocument(app, params.id ?? "");
  if (!row) throw new Response("No library document with this id", { status: 404 });
  const stored = row.metadata as Record<string, unknown>;
  const vector = vectorMetadataOf(row.type, { ...stored, type: row.type, doc_id: row.id });
  const vectorKeys = new Set(Object.keys(vector ?? {}));
  const extra = Object.fromEntries(Object.entries(stored).filter(([k]) => !vectorKeys.has(k)));
  const text = (k: string) => (typeof stored[k] === "string" ? (stored[k] as string).trim() : "");
  const title = row.type === "blog" ? text("blogTitle") || text("description") : text("description");
  return {
    id: row.id,
    title,
    type: row.type,
    chars: row.chars,
    html: row.html,
    embeddingText: row.embeddingText,
    vector,
    extra,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function show(v: unknown): string {
  if (Array.isArray(v)) return v.join(", ");
  if (v && typeof v === "object") return JSON.stringify(v);
  return String(v ?? "");
}

export default function LibraryDocument() {
  const d = useLoaderData<typeof loader>();
  return (
    <div>
      <p>
        <Link to="/admin/library">← Library</Link>
      </p>
      <h1 style={{ overflowWrap: "anywhere" }}>
        {titleOf(d)}
        {d.title ? (
          <small className="doc-id" data-testid="document-id">
            {d.id}
          </small>
        ) : null}
      </h1>
      <p className="muted">
        <span className="pill">{d.type}</span> {d.chars.toLocaleString("en")} characters · updated{" "}
        {d.updatedAt.slice(0, 16).replace("T", " ")}
      </p>
      <h2>Metadata in the vector index</h2>
      <table className="list" data-testid="vector-metadata">
        <tbody>
          {Object.entries(d.vector ?? {}).map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td>{show(v)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Kept with the document</h2>
      <table className="list">
        <tbody>
          {Object.entries(d.extra).map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td style={{ wordBreak: "break-all" }}>{show(v)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Embedding text</h2>
      <pre data-testid="embedding-text" style={{ whiteSpace: "pre-wrap" }}>
        {d.embeddingText}
      </pre>
      <h2>Preview</h2>
      {/* Library HTML is untrusted: an empty sandbox gives it no scripts and an opaque origin, never ours. */}
      <iframe
        title="Document preview"
        sandbox=""
        srcDoc={d.html}
        data-testid="document-frame"
        style={{ width: "100%", height: "640px", border: "1px solid #ccc", background: "#fff" }}
      />
    </div>
  );
}
