/** An on/off switch (a button with role="switch"), labelled by its text. */
export function Switch({ checked, onChange, label, id, disabled = false }: { checked: boolean; onChange: (checked: boolean) => void; label: string; id?: string; disabled?: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:opacity-50 ${checked ? 'bg-emerald-700' : 'bg-stone-300'}`}
    >
      <span className={`inline-block size-5 rounded-full bg-white shadow transition ${checked ? 'translate-x-5' : 'translate-x-0.5'}`} />
    </button>
  );
}
