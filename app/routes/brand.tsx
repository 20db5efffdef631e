// The brand page: who the user's emails come from (From name and address, Reply-To), the postal
// address and website their footers carry, and the logo of their mastheads and of the unsubscribe page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfField } from "~/components/csrf-field";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { brandPageData, saveBrandProfile, type FieldErrors, type SenderProfile } from "~/services/sender-profile.server";

export const meta: MetaFunction = ({ matches }) => {
  const brand = (matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic";
  return [{ title: `Brand and sender · ${brand}` }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  return { ...(await brandPageData(app, user)), deploymentName: app.env.BRAND_NAME };
}

type Values = Partial<Record<keyof SenderProfile, string>>;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const form = Object.fromEntries(await request.formData());
  const values: Values = {};
  for (const key of FIELDS.map((f) => f.name)) values[key] = typeof form[key] === "string" ? String(form[key]) : "";
  const saved = await saveBrandProfile(app, user, form);
  if (!saved.ok) return { values, fieldErrors: (saved.extra?.fieldErrors ?? {}) as FieldErrors, saved: false };
  return { values, fieldErrors: {} as FieldErrors, saved: true };
}

const FIELDS: Array<{ name: keyof SenderProfile; label: string; type: "text" | "email" | "url" | "textarea"; hint: string; required?: boolean }> = [
  { name: "senderName", label: "Sender name", type: "text", required: true, hint: "Shown as the From name in the inbox, and on the unsubscribe page." },
  { name: "fromAddress", label: "From address", type: "email", hint: "" },
  { name: "replyTo", label: "Reply-To address", type: "email", hint: "Where replies go. Leave empty to let replies go to the From address." },
  { name: "postalAddress", label: "Postal address", type: "textarea", hint: "Printed in every email's footer (anti-spam laws ask for one). Lines are joined with commas." },
  { name: "logoUrl", label: "Logo address (URL)", type: "url", hint: "An https image: the masthead of emails whose brief gives no logo, and the unsubscribe and answer pages." },
  { name: "websiteUrl", label: "Website address (URL)", type: "url", hint: "Printed in the footer; the unsubscribe page links your name to it." },
];

export default function Brand() {
  const { profile, allowedDomains, deploymentAddress, deploymentName } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.fieldErrors ?? {};
  const value = (name: keyof SenderProfile) => result?.values[name] ?? profile?.[name] ?? "";
  const hint = (name: keyof SenderProfile, text: string) =>
    name === "fromAddress"
      ? `On ${allowedDomains.join(" or ")} (the domains this deployment may send from). Leave empty to send from ${deploymentAddress} under your sender name.`
      : text;
  const errorCount = Object.keys(errors).length;
  return (
    <div style={{ maxWidth: 640 }}>
      <h1>Brand and sender</h1>
      <p className="muted">
        Every email you send, from the builder or the API, comes from this sender.
        {profile ? null : ` Until you save it, emails come from ${deploymentName} <${deploymentAddress}>.`}
      </p>
      {result?.saved ? <p className="notice" role="status">Saved. Your next emails use this sender.</p> : null}
      {errorCount ? (
        <p className="error" role="alert">
          {errorCount === 1 ? "One field needs changing" : `${errorCount} fields need changing`}: nothing was saved.
        </p>
      ) : null}
      <Form method="post" className="card" noValidate>
        <CsrfField />
        {FIELDS.map((f) => {
          const error = errors[f.name];
          const describedBy = [`${f.name}-hint`, error ? `${f.name}-error` : null].filter(Boolean).join(" ");
          const common = {
            id: f.name,
            name: f.name,
            defaultValue: value(f.name),
            "aria-invalid": error ? true : undefined,
            "aria-describedby": describedBy,
          } as const;
          return (
            <div key={f.name}>
              <label htmlFor={f.name}>{f.label}{f.required ? "" : " (optional)"}</label>
              {f.type === "textarea" ? <textarea rows={3} {...common} /> : <input type={f.type} required={f.required} {...common} />}
              <p className="field-hint" id={`${f.name}-hint`}>{hint(f.name, f.hint)}</p>
              {error ? <p className="field-error" id={`${f.name}-error`}>{error}</p> : null}
            </div>
          );
        })}
        <button type="submit">Save</button>
      </Form>
    </div>
  );
}
