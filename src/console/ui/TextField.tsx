import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  /** Shown in red under the field. */
  error?: string | undefined;
  hint?: ReactNode;
}

const controlClass = (error: string | undefined) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm outline-none transition focus:ring-2 ${
    error ? 'border-red-500 focus:border-red-500 focus:ring-red-200' : 'border-stone-300 focus:border-emerald-600 focus:ring-emerald-100'
  }`;

/** Label above, message below, wired for screen readers; the control comes from `render`. */
function Field({
  label,
  error,
  hint,
  id,
  required,
  className,
  render,
}: FieldProps & {
  id: string | undefined;
  required: boolean | undefined;
  className: string | undefined;
  render: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; 'aria-required'?: boolean; className: string }) => ReactNode;
}) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const messageId = `${controlId}-message`;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="block text-sm font-medium text-stone-700">
        {label}
        {required && <span className="text-red-600"> *</span>}
      </label>
      {render({
        id: controlId,
        ...(error ? { 'aria-invalid': true } : {}),
        ...(error || hint ? { 'aria-describedby': messageId } : {}),
        ...(required ? { 'aria-required': true } : {}),
        className: controlClass(error),
      })}
      {error ? (
        <p id={messageId} className="mt-1 text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={messageId} className="mt-1 text-xs text-stone-500">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export type TextFieldProps = FieldProps & InputHTMLAttributes<HTMLInputElement>;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, hint, id, className, required, ...input }, ref) {
  return <Field label={label} error={error} hint={hint} id={id} required={required} className={className} render={(props) => <input ref={ref} {...input} {...props} />} />;
});

export type TextAreaFieldProps = FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField({ label, error, hint, id, className, required, ...textarea }, ref) {
  return <Field label={label} error={error} hint={hint} id={id} required={required} className={className} render={(props) => <textarea ref={ref} rows={3} {...textarea} {...props} />} />;
});

export type SelectFieldProps = FieldProps & SelectHTMLAttributes<HTMLSelectElement>;

/** A select with its label above and its message below, as TextField; the options are its children. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, error, hint, id, className, required, children, ...select }, ref) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id}
      required={required}
      className={className}
      render={(props) => (
        <select ref={ref} {...select} {...props}>
          {children}
        </select>
      )}
    />
  );
});
