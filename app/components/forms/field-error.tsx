// A field's error, next to the field. Its id is the field's conform `errorId`: getInputProps
// points the input's aria-describedby at it and sets aria-invalid while the field has errors.
export function FieldError({ id, errors, className = "field-error" }: { id: string; errors?: string[]; className?: string }) {
  return errors?.length ? (
    <p id={id} className={className}>
      {errors[0]}
    </p>
  ) : null;
}
