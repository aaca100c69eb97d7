import { forwardRef, useId, type InputHTMLAttributes } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown in red under the field. */
  error?: string | undefined;
  hint?: string;
}

/** A labelled input with its error message underneath, wired for screen readers. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, hint, id, className, ...input }, ref) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
        {label}
        {input.required && <span className="text-red-600"> *</span>}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm outline-none transition focus:ring-2 ${
          error ? 'border-red-500 focus:border-red-500 focus:ring-red-200' : 'border-stone-300 focus:border-emerald-600 focus:ring-emerald-100'
        }`}
        {...input}
        required={undefined}
        aria-required={input.required || undefined}
      />
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
});
