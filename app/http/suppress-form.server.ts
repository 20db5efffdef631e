import type { AppContext } from "~/composition/app.server";
import { fieldErrors } from "~/lib/form-errors";
import { suppressManually } from "~/services/deliverability.server";
import { SuppressFormSchema } from "~/domain/requests/admin-forms";
import { checkFormNames, formShape } from "~/domain/requests/form-names";

const SUPPRESS_FIELDS = Object.keys(SuppressFormSchema.shape);

type Suppressed = Extract<Awaited<ReturnType<typeof suppressManually>>, { ok: true }>["value"];

export type SuppressOutcome =
  ({ ok: true; until: Date | null } & Suppressed) | { ok: false; errors: Record<string, string>; values: Record<string, string> };

/**
 * The suppress form's post, as the suppressions page and a recipient's page both take it: the
 * fields checked, then suppressManually. Each page words its own notice from the outcome.
 */
export async function suppressFromForm(app: AppContext, request: Request, by: string): Promise<SuppressOutcome> {
  const posted = await request.formData();
  // The names first, as every page form's (parsePageForm): the page is shown again with the fields it has.
  const refused = checkFormNames(posted, formShape(SuppressFormSchema));
  if (refused) {
    const values = Object.fromEntries(SUPPRESS_FIELDS.map((name) => [name, String(posted.get(name) ?? "")]));
    return { ok: false, errors: { [refused.field || "form"]: refused.message }, values };
  }
  const form = Object.fromEntries([...posted].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const parsed = SuppressFormSchema.safeParse(form);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error), values: form };
  const r = await suppressManually(app, { email: parsed.data.email, reason: parsed.data.reason, until: parsed.data.until, by });
  if (!r.ok) return { ok: false, errors: { until: r.error }, values: form };
  return { ok: true, ...r.value, until: parsed.data.until ?? null };
}
