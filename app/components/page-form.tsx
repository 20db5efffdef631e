// What every page form shares on top of conform (docs/conventions.md, "Page forms"): when it
// validates in the browser, and where a field's or the form's errors are shown.
import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import type { FormEvent } from "react";

/**
 * Spread into `useForm`. A field is first checked when it loses focus; once checked (and after
 * every answer from the server) it is checked again as it is typed in, not on blur. Re-checking on
 * blur would change the page while the submit button is pressed (mousedown blurs the field, an
 * error above the button disappears, the button moves, and the click lands beside it).
 */
export const VALIDATE_WHEN = { shouldValidate: "onBlur", shouldRevalidate: "onInput" } as const;

/**
 * A field's errors, under the id conform's `getInputProps` names in the input's aria-describedby
 * (only while the field has errors, so the element exists exactly then).
 */
export function FieldError({
  field,
  className = "field-error",
}: {
  field: Pick<FieldMetadata<unknown>, "errorId" | "errors">;
  className?: string;
}) {
  if (!field.errors?.length) return null;
  return (
    <p className={className} id={field.errorId}>
      {field.errors.join(" ")}
    </p>
  );
}

/**
 * The form's own errors (a service's answer that belongs to no one field), as one alert under the
 * id `getFormProps` names in the form's aria-describedby.
 */
export function FormErrors({
  form,
  className = "error",
}: {
  form: Pick<FieldMetadata<unknown>, "errorId" | "errors">;
  className?: string;
}) {
  if (!form.errors?.length) return null;
  return (
    <p className={className} id={form.errorId} role="alert">
      {form.errors.join(" ")}
    </p>
  );
}

/** Puts the cursor in a form's field, found by name (after the server refused what it held). */
export function focusField(formId: string, name: string): boolean {
  const control = (document.getElementById(formId) as HTMLFormElement | null)?.elements.namedItem(name);
  if (!(control instanceof HTMLElement)) return false;
  control.focus();
  return true;
}

/**
 * `getFormProps`, and when the page itself refuses a submission the cursor goes to the first field
 * it marked (conform marks it but leaves focus on the button, where a screen reader hears nothing).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bound conform itself puts on a form's schema
export function pageFormProps<Schema extends Record<string, any>, FormError>(form: FormMetadata<Schema, FormError>) {
  const props = getFormProps(form);
  return {
    ...props,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      props.onSubmit(event);
      if (!event.defaultPrevented) return;
      const element = event.currentTarget;
      // Conform's state is rendered by the next frame; the marks are on the inputs then.
      requestAnimationFrame(() => element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    },
  };
}
