import { type ClipboardEvent, useEffect, useId, useState } from 'react';
import { CROSS_TYPES, PLANNED_CROSS_STATUSES, SINGLE_PARENT_CROSS_TYPES } from '../../../contract/breeding-codes';
import type { Page } from '../../../contract/paging';
import type { AccessionRecord, AccessionResolution, PlannedCrossList, PlannedCrossRecord } from '../../../contract/records';
import { notify } from '../../app/notify';
import { request, RequestError } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { isBlock, parsePastedCrosses } from './grid-paste';

/** A planned cross as the API returns it, with its parents' names. */
export type SavedCross = PlannedCrossRecord;

/** A parent cell: the accession once known, and for a name no accession has, the nearest names. */
interface ParentCell {
  id: number | null;
  name: string;
  suggestions?: Array<{ id: number; germplasmName: string }>;
}

interface GridRow {
  key: number;
  female: ParentCell;
  male: ParentCell;
  crossType: string;
  numberOfCrosses: string;
  status: string;
  notes: string;
}

let nextKey = 1;
const toGridRow = (cross: SavedCross): GridRow => ({
  key: nextKey++,
  female: { id: cross.femaleParentId, name: cross.femaleParentName },
  male: { id: cross.maleParentId, name: cross.maleParentName ?? '' },
  crossType: cross.crossType,
  numberOfCrosses: String(cross.numberOfCrosses),
  status: cross.status,
  notes: cross.notes ?? '',
});
/** What of a grid is saved: its rows' contents in order, without their React keys or name suggestions. */
const contentOf = (rows: GridRow[]) =>
  JSON.stringify(rows.map((row) => [row.female.id, row.female.name.trim(), row.male.id, row.male.name.trim(), row.crossType, row.numberOfCrosses, row.status, row.notes]));

/** While `unsaved`, leaving the page (a link, the address bar, closing the tab) asks first. */
function useLeaveWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}

const emptyRow = (): GridRow => ({ key: nextKey++, female: { id: null, name: '' }, male: { id: null, name: '' }, crossType: 'BIPARENTAL', numberOfCrosses: '1', status: 'TODO', notes: '' });

/**
 * Finds the accessions of the parent cells that name one without having picked it: an exact name
 * or synonym is taken as it is; any other name gets its nearest names to choose from.
 */
async function resolveParents(rows: GridRow[]): Promise<GridRow[]> {
  const names = [...new Set(rows.flatMap((row) => [row.female, row.male].filter((cell) => cell.id === null && cell.name.trim()).map((cell) => cell.name.trim())))];
  if (names.length === 0) return rows;
  const { data } = await request<AccessionResolution>('accessions/resolve', 'POST', { names });
  const byName = new Map(data.map((entry) => [entry.name.toLowerCase(), entry]));
  const resolve = (cell: ParentCell): ParentCell => {
    const found = cell.id === null ? byName.get(cell.name.trim().toLowerCase()) : undefined;
    if (!found) return cell;
    return found.accession ? { id: found.accession.id, name: found.accession.germplasmName } : { ...cell, suggestions: found.suggestions };
  };
  return rows.map((row) => ({ ...row, female: resolve(row.female), male: resolve(row.male) }));
}

/** A parent cell: type a few letters of a germplasm name and pick from the suggestions. */
function ParentInput({ value, onChange, label, error }: { value: ParentCell; onChange: (next: ParentCell) => void; label: string; error?: string | undefined }) {
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

/** The planned-cross grid of a cross plan: edit rows in place, save them all at once. */
export function PlannedCrosses({ planId }: { planId: number }) {
  const { data, error, reload } = useRequest<PlannedCrossList>(`cross-plans/${planId}/crosses`);
  const [rows, setRows] = useState<GridRow[] | null>(null);
  const [savedContent, setSavedContent] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!data) return;
    const loaded = data.data.map(toGridRow);
    setRows(loaded);
    setSavedContent(contentOf(loaded));
  }, [data]);
  const unsaved = rows !== null && savedContent !== null && contentOf(rows) !== savedContent;
  useLeaveWarning(unsaved);

  if (error) return <LoadError what="planned crosses" error={error} onRetry={reload} />;
  if (!rows) return null;

  const change = (key: number, patch: Partial<GridRow>) => setRows((current) => current!.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  /** A block pasted from a spreadsheet becomes rows where it was pasted (filling an empty row), with their parents looked up. */
  const paste = async (text: string, atKey: number | null) => {
    const pasted = parsePastedCrosses(text).map(
      (cross): GridRow => ({
        key: nextKey++,
        female: { id: null, name: cross.female },
        male: { id: null, name: cross.male },
        crossType: cross.crossType,
        numberOfCrosses: cross.numberOfCrosses,
        status: cross.status,
        notes: cross.notes,
      }),
    );
    if (pasted.length === 0) return;
    let resolved = pasted;
    try {
      resolved = await resolveParents(pasted);
    } catch (failure) {
      notify.error(failure);
    }
    setRows((current) => {
      const list = current ?? [];
      const at = list.findIndex((row) => row.key === atKey);
      if (at < 0) return [...list.filter((row) => row.female.name || row.male.name), ...resolved];
      const replaced = !list[at]!.female.name && !list[at]!.male.name ? 1 : 0;
      return [...list.slice(0, at + 1 - replaced), ...resolved, ...list.slice(at + 1)];
    });
    const unknown = resolved.flatMap((row) => [row.female, row.male]).filter((cell) => cell.id === null && cell.name).length;
    notify.success(`Pasted ${resolved.length} row${resolved.length === 1 ? '' : 's'}${unknown ? `; ${unknown} name${unknown === 1 ? '' : 's'} to check` : ''}`);
  };

  const onPaste = (event: ClipboardEvent<HTMLElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!isBlock(text)) return;
    event.preventDefault();
    const key = (event.target as HTMLElement).closest<HTMLElement>('[data-row-key]')?.dataset.rowKey;
    void paste(text, key ? Number(key) : null);
  };

  const save = async () => {
    let current = rows;
    try {
      current = await resolveParents(rows);
      setRows(current);
    } catch (failure) {
      notify.error(failure);
      return;
    }
    const problems: Record<string, string> = {};
    const unknown = (cell: ParentCell) => `No accession is named '${cell.name.trim()}'${cell.suggestions?.length ? '; pick one of the nearest names below' : '; correct the name'}`;
    current.forEach((row, index) => {
      if (row.female.id === null) problems[`crosses.${index}.femaleParentId`] = row.female.name ? unknown(row.female) : 'Required';
      if (row.male.id === null && (row.male.name || !SINGLE_PARENT_CROSS_TYPES.has(row.crossType))) {
        problems[`crosses.${index}.maleParentId`] = row.male.name ? unknown(row.male) : 'A biparental or bulk cross needs a male parent';
      }
    });
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      notify.error(`Fix the ${Object.keys(problems).length} highlighted cell(s) first`);
      return;
    }
    setSaving(true);
    try {
      const result = await request<PlannedCrossList>(`cross-plans/${planId}/crosses`, 'PUT', {
        crosses: current.map((row) => ({
          femaleParentId: row.female.id,
          maleParentId: row.male.id,
          crossType: row.crossType,
          numberOfCrosses: row.numberOfCrosses,
          status: row.status,
          notes: row.notes,
        })),
      });
      const saved = result.data.map(toGridRow);
      setRows(saved);
      setSavedContent(contentOf(saved));
      notify.success(`Saved ${result.data.length} planned cross${result.data.length === 1 ? '' : 'es'}`);
    } catch (failure) {
      if (failure instanceof RequestError) setErrors(failure.errors);
      notify.error(failure);
    } finally {
      setSaving(false);
    }
  };

  const cellError = (index: number, field: string) => errors[`crosses.${index}.${field}`];
  const total = rows.reduce((sum, row) => sum + (Number(row.numberOfCrosses) || 0), 0);

  return (
    <Card
      title="Planned crosses"
      description={`${rows.length} rows · ${total} crosses · ${rows.filter((row) => row.status === 'DONE').length} done`}
      actions={
        <>
          {unsaved && (
            <span role="status" className="self-center text-xs font-medium text-amber-800">
              Unsaved changes: save them before leaving
            </span>
          )}
          <Button onClick={() => setRows([...rows, emptyRow()])}>Add cross</Button>
          <Button variant="primary" busy={saving} onClick={save}>
            Save crosses
          </Button>
        </>
      }
    >
      <p className="mb-3 text-xs text-stone-500">Paste rows from a spreadsheet (female, male, cross type, crosses, notes) into any cell: names and synonyms that match are taken as they are.</p>
      {rows.length === 0 ? (
        <label className="block text-sm text-stone-500">
          No crosses planned yet. Add the first with “Add cross”, or paste rows here:
          <textarea
            rows={3}
            aria-label="Paste crosses"
            placeholder={'BABAX\tATTILA\tBIPARENTAL\t4\tnotes'}
            onPaste={onPaste}
            className="mt-2 block w-full rounded-md border border-dashed border-stone-300 px-3 py-2 font-mono text-xs"
          />
        </label>
      ) : (
        <div className="-mx-6 overflow-x-auto" onPaste={onPaste}>
          <table className="w-full text-left text-sm" aria-label="Planned crosses">
            <thead className="text-xs uppercase tracking-wide text-stone-500">
              <tr>
                {['#', 'Female parent', 'Male parent', 'Cross type', 'Crosses', 'Status', 'Notes', ''].map((heading) => (
                  <th key={heading || 'actions'} className="px-2 py-2 font-medium first:pl-6">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100 align-top">
              {rows.map((row, index) => (
                <tr key={row.key} data-row-key={row.key}>
                  <td className="py-2 pr-2 pl-6 text-stone-400 tabular-nums">{index + 1}</td>
                  <td className="p-2">
                    <ParentInput label={`Female parent of row ${index + 1}`} value={row.female} error={cellError(index, 'femaleParentId')} onChange={(female) => change(row.key, { female })} />
                  </td>
                  <td className="p-2">
                    <ParentInput label={`Male parent of row ${index + 1}`} value={row.male} error={cellError(index, 'maleParentId')} onChange={(male) => change(row.key, { male })} />
                  </td>
                  <td className="p-2">
                    <select
                      aria-label={`Cross type of row ${index + 1}`}
                      value={row.crossType}
                      onChange={(event) => change(row.key, { crossType: event.target.value })}
                      className="rounded border border-stone-300 px-1 py-1 text-sm"
                    >
                      {CROSS_TYPES.map((type) => (
                        <option key={type}>{type}</option>
                      ))}
                    </select>
                  </td>
                  <td className="p-2">
                    <input
                      aria-label={`Number of crosses in row ${index + 1}`}
                      type="number"
                      min={1}
                      value={row.numberOfCrosses}
                      onChange={(event) => change(row.key, { numberOfCrosses: event.target.value })}
                      className="w-20 rounded border border-stone-300 px-2 py-1 text-sm"
                    />
                    {cellError(index, 'numberOfCrosses') && <p className="text-xs text-red-600">{cellError(index, 'numberOfCrosses')}</p>}
                  </td>
                  <td className="p-2">
                    <select
                      aria-label={`Status of row ${index + 1}`}
                      value={row.status}
                      onChange={(event) => change(row.key, { status: event.target.value })}
                      className="rounded border border-stone-300 px-1 py-1 text-sm"
                    >
                      {PLANNED_CROSS_STATUSES.map((status) => (
                        <option key={status}>{status}</option>
                      ))}
                    </select>
                  </td>
                  <td className="p-2">
                    <input
                      aria-label={`Notes of row ${index + 1}`}
                      value={row.notes}
                      onChange={(event) => change(row.key, { notes: event.target.value })}
                      className="w-48 rounded border border-stone-300 px-2 py-1 text-sm"
                    />
                  </td>
                  <td className="p-2 pr-6">
                    <Button size="sm" variant="ghost" aria-label={`Remove row ${index + 1}`} onClick={() => setRows(rows.filter((other) => other.key !== row.key))}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
