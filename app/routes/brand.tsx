// The brand page: who the user's emails come from (From name and address, Reply-To), the postal
// address and website their footers carry, and the logo of their mastheads and of the unsubscribe page.
import { getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfField } from "~/components/csrf-field";
import { FieldError, VALIDATE_WHEN, pageFormProps } from "~/components/page-form";
import { getApp } from "~/composition/app.server";
import { SenderProfileFormSchema } from "~/domain/requests/sender";
import { namesRefused, parsePageForm } from "~/domain/requests/page-form";
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

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const form = await request.formData();
  // The service checks the same schema and, on the server only, the domains this deployment may
  // send from; the submission carries what was typed back into the page with every field's error.
  const submission = parsePageForm(form, { schema: SenderProfileFormSchema });
  if (namesRefused(submission)) return data({ result: submission.reply(), saved: false }, { status: 400 });
  const saved = await saveBrandProfile(app, user, Object.fromEntries(form));
  if (!saved.ok) {
    const errors = (saved.extra?.fieldErrors ?? {}) as FieldErrors;
    const fieldErrors = Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, [error]]));
    return data({ result: submission.reply({ fieldErrors }), saved: false }, { status: 400 });
  }
  return { result: submission.reply(), saved: true };
}

const FIELDS: Array<{
  name: keyof SenderProfile;
  label: string;
  type: "text" | "email" | "url" | "textarea";
  hint: string;
  required?: boolean;
}> = [
  {
    name: "senderName",
    label: "Sender name",
    type: "text",
    required: true,
    hint: "Shown as the From name in the inbox, and on the unsubscribe page.",
  },
  { name: "fromAddress", label: "From address", type: "email", hint: "" },
  {
    name: "replyTo",
    label: "Reply-To address",
    type: "email",
    hint: "Where replies go. Leave empty to let replies go to the From address.",
  },
  {
    name: "postalAddress",
    label: "Postal address",
    type: "textarea",
    hint: "Printed in every email's footer (anti-spam laws ask for one). Lines are joined with commas.",
  },
  {
    name: "logoUrl",
    label: "Logo address (URL)",
    type: "url",
    hint: "An https image: the masthead of emails whose brief gives no logo, and the unsubscribe and answer pages.",
  },
  {
    name: "websiteUrl",
    label: "Website address (URL)",
    type: "url",
    hint: "Printed in the footer; the unsubscribe page links your name to it.",
  },
];

export default function Brand() {
  const { profile, allowedDomains, deploymentAddress, deploymentName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "brand",
    lastResult: actionData?.result,
    defaultValue: Object.fromEntries(FIELDS.map((f) => [f.name, profile?.[f.name] ?? ""])),
    constraint: getZodConstraint(SenderProfileFormSchema),
    ...VALIDATE_WHEN,
    onValidate: ({ formData }) => parsePageForm(formData, { schema: SenderProfileFormSchema }),
  });
  const hint = (name: keyof SenderProfile, text: string) =>
    name === "fromAddress"
      ? `On ${allowedDomains.join(" or ")} (the domains this deployment may send from). Leave empty to send from ${deploymentAddress} under your sender name.`
      : text;
  // The count of what the server refused (the page's own checks mark the fields as they go).
  const errorCount = actionData && !actionData.saved ? Object.values(actionData.result.error ?? {}).filter((e) => e?.length).length : 0;
  return (
    <div style={{ maxWidth: 640 }}>
      <h1>Brand and sender</h1>
      <p className="muted">
        Every email you send, from the builder or the API, comes from this sender.
        {profile ? null : ` Until you save it, emails come from ${deploymentName} <${deploymentAddress}>.`}
      </p>
      {actionData?.saved ? (
        <p className="notice" role="status">
          Saved. Your next emails use this sender.
        </p>
      ) : null}
      {errorCount ? (
        <p className="error" role="alert">
          {errorCount === 1 ? "One field needs changing" : `${errorCount} fields need changing`}: nothing was saved.
        </p>
      ) : null}
      <Form method="post" className="card" {...pageFormProps(form)}>
        <CsrfField />
        {FIELDS.map((f) => {
          const field = fields[f.name];
          const common = { ariaDescribedBy: field.descriptionId };
          return (
            <div key={f.name}>
              <label htmlFor={field.id}>
                {f.label}
                {f.required ? "" : " (optional)"}
              </label>
              {f.type === "textarea" ? (
                <textarea rows={3} {...getTextareaProps(field, common)} />
              ) : (
                <input {...getInputProps(field, { ...common, type: f.type })} />
              )}
              <p className="field-hint" id={field.descriptionId}>
                {hint(f.name, f.hint)}
              </p>
              <FieldError field={field} />
            </div>
          );
        })}
        <button type="submit">Save</button>
      </Form>
    </div>
  );
}
