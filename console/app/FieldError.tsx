/** A field's error, announced when it appears (the server's own message). */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} className="field-error" role="alert">
      {message ?? ''}
    </p>
  )
}
