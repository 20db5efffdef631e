import type { FieldMetadata } from "@conform-to/react";

/**
 * A field's errors, under the id conform's `getInputProps` names in the input's aria-describedby
 * (only while the field has errors, so the element exists exactly then).
 */
export function FieldError({ field, className = "field-error" }: { field: Pick<FieldMetadata<unknown>, "errorId" | "errors">; className?: string }) {
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
export function FormErrors({ form, className = "error" }: { form: Pick<FieldMetadata<unknown>, "errorId" | "errors">; className?: string }) {
  if (!form.errors?.length) return null;
  return (
    <p className={className} id={form.errorId} role="alert">
      {form.errors.join(" ")}
    </p>
  );
}
