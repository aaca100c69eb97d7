import type { ReactNode } from 'react';

/**
 * A list of checkboxes bound to an array of record ids (a launch form's datasets or models), with
 * its field error under it. `summary` gives each item's title and detail, and whether it can be
 * chosen (a disabled item says why in its detail); `empty` is shown when there are none.
 */
export function CheckboxList<T extends { id: number }>({
  items,
  chosen,
  onChange,
  label,
  summary,
  error,
  empty,
}: {
  items: T[];
  /** The form's ids, typed as the schema's input (the API also takes them as text). */
  chosen: unknown[];
  onChange: (ids: unknown[]) => void;
  label: string;
  summary: (item: T) => { title: string; detail: ReactNode; disabled?: boolean };
  error?: string | undefined;
  empty: ReactNode;
}) {
  return (
    <>
      {items.length === 0 && <p className="text-sm text-stone-600">{empty}</p>}
      <fieldset className="grid gap-2 text-sm">
        <legend className="sr-only">{label}</legend>
        {items.map((item) => {
          const { title, detail, disabled = false } = summary(item);
          return (
            <label key={item.id} className={`flex items-start gap-2 ${disabled ? 'text-stone-500' : ''}`}>
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-emerald-700"
                checked={chosen.includes(item.id)}
                disabled={disabled}
                onChange={() => onChange(chosen.includes(item.id) ? chosen.filter((id) => id !== item.id) : [...chosen, item.id])}
              />
              <span className="min-w-0 wrap-anywhere">
                <span className={`font-medium ${disabled ? '' : 'text-stone-900'}`}>{title}</span>
                <span className="block text-xs text-stone-500">{detail}</span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
