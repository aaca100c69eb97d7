import { CopyButton } from './CopyButton';

/** A value shown once (an invitation link, an API token) in a read-only box that selects itself, with a copy button. */
export function CopyableField({ value, label, copyLabel }: { value: string; label: string; copyLabel: string }) {
  return (
    <div className="mt-3 flex items-center gap-2">
      <input
        readOnly
        value={value}
        aria-label={label}
        className="min-w-0 flex-1 rounded-md border border-emerald-300 bg-white px-3 py-1.5 font-mono text-xs text-stone-700"
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton text={value} label={copyLabel} />
    </div>
  );
}
