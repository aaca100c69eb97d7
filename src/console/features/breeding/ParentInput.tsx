import { useId } from 'react';
import type { Page } from '../../../contract/paging';
import type { AccessionRecord } from '../../../contract/records';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useRequest } from '../../lib/use-request';

/** A parent cell: the accession once known, and for a name no accession has, the nearest names. */
export interface ParentCell {
  id: number | null;
  name: string;
  suggestions?: Array<{ id: number; germplasmName: string }>;
}

/** A parent cell: type a few letters of a germplasm name and pick from the suggestions. */
export function ParentInput({ value, onChange, label, error }: { value: ParentCell; onChange: (next: ParentCell) => void; label: string; error?: string | undefined }) {
  const listId = useId();
  // Only a name typed (not one picked) is looked up, once the typing pauses.
  const typed = value.id === null ? value.name.trim() : '';
  const settled = useDebouncedValue(typed, 200);
  const search = useRequest<Page<AccessionRecord>>(settled.length >= 2 && settled === typed ? `accessions?q=${encodeURIComponent(settled)}&pageSize=10` : null);
  const suggestions = search.error ? [] : (search.data?.data ?? []);
  return (
    <div>
      <input
        aria-label={label}
        list={listId}
        value={value.name}
        onChange={(event) => {
          const name = event.target.value;
          const match = suggestions.find((suggestion) => suggestion.germplasmName.toLowerCase() === name.trim().toLowerCase());
          onChange({ id: match?.id ?? null, name });
        }}
        aria-invalid={error ? true : undefined}
        className={`w-40 rounded border px-2 py-1 text-sm ${error ? 'border-red-500' : 'border-stone-300'}`}
      />
      <datalist id={listId}>
        {suggestions.map((suggestion) => (
          <option key={suggestion.id} value={suggestion.germplasmName} />
        ))}
      </datalist>
      {error && <p className="mt-0.5 max-w-40 text-xs text-red-600">{error}</p>}
      {value.id === null && value.suggestions && (
        <div className="mt-0.5 max-w-40 text-xs text-amber-800" data-testid="nearest-names">
          {value.suggestions.length === 0 ? (
            'No accession has a name like this.'
          ) : (
            <>
              Did you mean{' '}
              {value.suggestions.map((suggestion, index) => (
                <span key={suggestion.id}>
                  {index > 0 && ', '}
                  <button type="button" className="font-medium underline" onClick={() => onChange({ id: suggestion.id, name: suggestion.germplasmName })}>
                    {suggestion.germplasmName}
                  </button>
                </span>
              ))}
              ?
            </>
          )}
        </div>
      )}
      {search.error && (
        <p role="alert" className="mt-0.5 max-w-40 text-xs text-red-700">
          No suggestions: {search.error.message}{' '}
          <button type="button" className="underline" onClick={search.reload}>
            Retry
          </button>
        </p>
      )}
    </div>
  );
}
