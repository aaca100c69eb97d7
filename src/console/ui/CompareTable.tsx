/**
 * Side by side: one row per key, one column per compared thing (runs of a pipeline, MLflow runs),
 * rows whose values differ shaded, and with `differencesOnly` only those.
 */

export interface ComparedRow {
  key: string;
  values: Array<string | undefined>;
  /** Per value: it is what the compared thing was left at, not what it was given (a run's pipeline default). */
  defaulted?: boolean[];
  differs: boolean;
}

import { Switch } from './Switch';

/** The switch above a comparison that hides the rows where every value is the same. */
export function DifferencesOnlySwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <span className="flex items-center gap-2 text-sm text-stone-700">
      <Switch id="differences-only" checked={checked} onChange={onChange} label="Differences only" />
      <label htmlFor="differences-only">Differences only</label>
    </span>
  );
}

/** The ids in the address's `?ids=1,2,3` (`compareRoute`), each once, at most `max`. */
export function idsFromAddress(max: number): number[] {
  const text = new URLSearchParams(window.location.search).get('ids') ?? '';
  return [
    ...new Set(
      text
        .split(',')
        .filter((part) => /^\d+$/.test(part))
        .map(Number),
    ),
  ].slice(0, max);
}

/** One row per key of any of `maps`, in key order: each one's value, and whether they differ. */
export function sideBySide(maps: Array<Map<string, string>>, order: 'sorted' | 'first-seen' = 'sorted'): ComparedRow[] {
  const keys = [...new Set(maps.flatMap((map) => [...map.keys()]))];
  if (order === 'sorted') keys.sort((a, b) => a.localeCompare(b));
  return keys.map((key) => {
    const values = maps.map((map) => map.get(key));
    return { key, values, differs: new Set(values).size > 1 };
  });
}

export function CompareTable({
  title,
  rows,
  columns,
  differencesOnly,
  keyHeader = 'Key',
}: {
  title: string;
  rows: ComparedRow[];
  columns: Array<{ id: number; name: string; color: string }>;
  differencesOnly: boolean;
  keyHeader?: string;
}) {
  const shown = differencesOnly ? rows.filter((row) => row.differs) : rows;
  return (
    <div className="scroll-hint -mx-6 overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={title}>
        <thead className="text-xs uppercase tracking-wide text-stone-500">
          <tr>
            <th className="py-2 pr-3 pl-6 font-medium">{keyHeader}</th>
            {columns.map((column) => (
              <th key={column.id} className="px-3 py-2 font-medium normal-case">
                <span className="mr-1.5 inline-block size-2.5 rounded-full" style={{ backgroundColor: column.color }} aria-hidden />
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {shown.map((row) => (
            <tr key={row.key} className={row.differs ? 'bg-amber-50/60' : undefined} data-differs={row.differs}>
              <td className="py-2 pr-3 pl-6 font-mono text-xs text-stone-600">{row.key}</td>
              {row.values.map((value, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one cell per compared column, in the columns' order
                <td key={index} className="px-3 py-2 font-mono text-xs break-all text-stone-900">
                  {value ?? <span className="text-stone-400">—</span>}
                  {row.defaulted?.[index] && <span className="ml-1.5 font-sans text-stone-500">(default)</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length === 0 && <p className="px-6 py-4 text-sm text-stone-500">{rows.length === 0 ? 'None.' : 'No differences: every one has the same values.'}</p>}
    </div>
  );
}
