import { type ClipboardEvent, useCallback, useEffect, useState } from 'react';
import { CROSS_TYPES, PLANNED_CROSS_STATUSES, SINGLE_PARENT_CROSS_TYPES } from '../../../contract/breeding-codes';
import type { AccessionResolution, PlannedCrossList, PlannedCrossRecord } from '../../../contract/records';
import { notify } from '../../app/notify';
import { request, RequestError } from '../../lib/api';
import { counted } from '../../../contract/wording';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { isBlock, parsePastedCrosses } from './grid-paste';
import { type ParentCell, ParentInput } from './ParentInput';

/** One row of the grid as edited: its parents as typed or picked, the other cells as the inputs hold them. */
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
const toGridRow = (cross: PlannedCrossRecord): GridRow => ({
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

/** The rows a block pasted from a spreadsheet makes, their parents not yet looked up. */
const pastedRows = (text: string): GridRow[] =>
  parsePastedCrosses(text).map((cross) => ({
    key: nextKey++,
    female: { id: null, name: cross.female },
    male: { id: null, name: cross.male },
    crossType: cross.crossType,
    numberOfCrosses: cross.numberOfCrosses,
    status: cross.status,
    notes: cross.notes,
  }));

/** The grid with pasted rows after the row pasted into (taking its place if it was empty), or at the end without the empty rows. */
function withPasted(rows: GridRow[], pasted: GridRow[], atKey: number | null): GridRow[] {
  const at = rows.findIndex((row) => row.key === atKey);
  if (at < 0) return [...rows.filter((row) => row.female.name || row.male.name), ...pasted];
  const replaced = !rows[at]!.female.name && !rows[at]!.male.name ? 1 : 0;
  return [...rows.slice(0, at + 1 - replaced), ...pasted, ...rows.slice(at + 1)];
}

/** What stops a grid being saved, by the field path the API would name (crosses.2.maleParentId): a parent missing or not found. */
function parentProblems(rows: GridRow[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const unknown = (cell: ParentCell) => `No accession is named '${cell.name.trim()}'${cell.suggestions?.length ? '; pick one of the nearest names below' : '; correct the name'}`;
  rows.forEach((row, index) => {
    if (row.female.id === null) problems[`crosses.${index}.femaleParentId`] = row.female.name ? unknown(row.female) : 'Required';
    if (row.male.id === null && (row.male.name || !SINGLE_PARENT_CROSS_TYPES.has(row.crossType))) {
      problems[`crosses.${index}.maleParentId`] = row.male.name ? unknown(row.male) : 'A biparental or bulk cross needs a male parent';
    }
  });
  return problems;
}

/** One planned cross of the grid: each cell an input, its problem under it. */
/** A cell of the grid that picks one of a code list's values. */
function SelectCell({ label, value, options, onChange }: { label: string; value: string; options: readonly string[]; onChange: (value: string) => void }) {
  return (
    <td className="p-2">
      <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} className="rounded border border-stone-300 px-1 py-1 text-sm">
        {options.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
    </td>
  );
}

function CrossRow({
  row,
  index,
  errorOf,
  onChange,
  onRemove,
}: {
  row: GridRow;
  index: number;
  errorOf: (field: string) => string | undefined;
  onChange: (patch: Partial<GridRow>) => void;
  onRemove: () => void;
}) {
  const number = index + 1;
  return (
    <tr data-row-key={row.key}>
      <td className="py-2 pr-2 pl-6 text-stone-400 tabular-nums">{number}</td>
      <td className="p-2">
        <ParentInput label={`Female parent of row ${number}`} value={row.female} error={errorOf('femaleParentId')} onChange={(female) => onChange({ female })} />
      </td>
      <td className="p-2">
        <ParentInput label={`Male parent of row ${number}`} value={row.male} error={errorOf('maleParentId')} onChange={(male) => onChange({ male })} />
      </td>
      <SelectCell label={`Cross type of row ${number}`} value={row.crossType} options={CROSS_TYPES} onChange={(crossType) => onChange({ crossType })} />
      <td className="p-2">
        <input
          aria-label={`Number of crosses in row ${number}`}
          type="number"
          min={1}
          value={row.numberOfCrosses}
          onChange={(event) => onChange({ numberOfCrosses: event.target.value })}
          className="w-20 rounded border border-stone-300 px-2 py-1 text-sm"
        />
        {errorOf('numberOfCrosses') && <p className="text-xs text-red-600">{errorOf('numberOfCrosses')}</p>}
      </td>
      <SelectCell label={`Status of row ${number}`} value={row.status} options={PLANNED_CROSS_STATUSES} onChange={(status) => onChange({ status })} />
      <td className="p-2">
        <input
          aria-label={`Notes of row ${number}`}
          value={row.notes}
          onChange={(event) => onChange({ notes: event.target.value })}
          className="w-48 rounded border border-stone-300 px-2 py-1 text-sm"
        />
      </td>
      <td className="p-2 pr-6">
        <Button size="sm" variant="ghost" aria-label={`Remove row ${number}`} onClick={onRemove}>
          Remove
        </Button>
      </td>
    </tr>
  );
}

/** The grid's table, or while it has no rows a box to paste the first ones into. */
function CrossGrid({
  rows,
  errors,
  onPaste,
  onChange,
  onRemove,
}: {
  rows: GridRow[];
  errors: Record<string, string>;
  onPaste: (event: ClipboardEvent<HTMLElement>) => void;
  onChange: (key: number, patch: Partial<GridRow>) => void;
  onRemove: (key: number) => void;
}) {
  if (rows.length === 0) {
    return (
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
    );
  }
  return (
    <div className="scroll-hint -mx-6 overflow-x-auto" onPaste={onPaste}>
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
            <CrossRow
              key={row.key}
              row={row}
              index={index}
              errorOf={(field) => errors[`crosses.${index}.${field}`]}
              onChange={(patch) => onChange(row.key, patch)}
              onRemove={() => onRemove(row.key)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The planned-cross grid of a cross plan: edit rows in place, paste them from a spreadsheet, save them all at once. */
export function PlannedCrosses({ planId }: { planId: number }) {
  const { data, error, reload } = useRequest<PlannedCrossList>(`cross-plans/${planId}/crosses`);
  const [rows, setRows] = useState<GridRow[] | null>(null);
  const [savedContent, setSavedContent] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  /** The grid becomes the crosses as stored, with nothing unsaved. */
  const showSaved = useCallback((crosses: PlannedCrossRecord[]) => {
    const saved = crosses.map(toGridRow);
    setRows(saved);
    setSavedContent(contentOf(saved));
  }, []);
  useEffect(() => {
    if (data) showSaved(data.data);
  }, [data, showSaved]);
  const unsaved = rows !== null && savedContent !== null && contentOf(rows) !== savedContent;
  useLeaveWarning(unsaved);

  if (error) return <LoadError what="planned crosses" error={error} onRetry={reload} />;
  if (!rows) return null;

  const change = (key: number, patch: Partial<GridRow>) => setRows((current) => current!.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  /** A block pasted from a spreadsheet becomes rows where it was pasted, with their parents looked up. */
  const onPaste = async (event: ClipboardEvent<HTMLElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!isBlock(text)) return;
    event.preventDefault();
    const key = (event.target as HTMLElement).closest<HTMLElement>('[data-row-key]')?.dataset.rowKey;
    const pasted = pastedRows(text);
    if (pasted.length === 0) return;
    const resolved = await resolveParents(pasted).catch((failure: unknown) => {
      notify.error(failure);
      return pasted;
    });
    setRows((current) => withPasted(current ?? [], resolved, key ? Number(key) : null));
    const unknown = resolved.flatMap((row) => [row.female, row.male]).filter((cell) => cell.id === null && cell.name).length;
    notify.success(`Pasted ${counted(resolved.length, 'row')}${unknown ? `; ${counted(unknown, 'name')} to check` : ''}`);
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
    const problems = parentProblems(current);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      notify.error(`Fix the ${Object.keys(problems).length} highlighted cell(s) first`);
      return;
    }
    setSaving(true);
    try {
      const crosses = current.map(({ female, male, crossType, numberOfCrosses, status, notes }) => ({ femaleParentId: female.id, maleParentId: male.id, crossType, numberOfCrosses, status, notes }));
      const result = await request<PlannedCrossList>(`cross-plans/${planId}/crosses`, 'PUT', { crosses });
      showSaved(result.data);
      notify.success(`Saved ${counted(result.data.length, 'planned cross', 'planned crosses')}`);
    } catch (failure) {
      if (failure instanceof RequestError) setErrors(failure.errors);
      notify.error(failure);
    } finally {
      setSaving(false);
    }
  };

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
      <CrossGrid rows={rows} errors={errors} onPaste={(event) => void onPaste(event)} onChange={change} onRemove={(key) => setRows(rows.filter((row) => row.key !== key))} />
    </Card>
  );
}
