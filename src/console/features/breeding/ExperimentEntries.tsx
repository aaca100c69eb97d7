import { useState } from 'react';
import type { ExperimentEntry, ExperimentEntryList } from '../../../contract/records';
import { ROUTES } from '../../app/routes';
import { notify } from '../../app/notify';
import { request, RequestError } from '../../lib/api';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { linkColumn, SimpleTable } from '../../ui/SimpleTable';

/** Names pasted from a spreadsheet column, a list, or typed with commas: one per line or cell. */
export function namesOf(text: string): string[] {
  return [...new Set(text.split(/[\r\n\t;,]+/).map((name) => name.trim()))].filter(Boolean);
}

/** A trial may test hundreds of accessions: past this many, the list is filtered and shown a part at a time. */
const SHOWN_AT_FIRST = 100;
const FILTER_FROM = 10;

/** The accessions an experiment tests: listed, added by pasting their names, taken out one by one. */
export function ExperimentEntries({ experimentId }: { experimentId: number }) {
  const [version, setVersion] = useState(0);
  const { data, error, reload } = useRequest<ExperimentEntryList>(`experiments/${experimentId}/entries`, version);
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [filter, setFilter] = useState('');
  const [showAll, setShowAll] = useState(false);
  const all = data?.data ?? [];
  const wanted = filter.trim().toLowerCase();
  const matching = wanted ? all.filter((entry) => `${entry.germplasmName} ${entry.genus} ${entry.species ?? ''}`.toLowerCase().includes(wanted)) : all;
  const shown = showAll ? matching : matching.slice(0, SHOWN_AT_FIRST);

  const add = async () => {
    const names = namesOf(pasted);
    if (names.length === 0) return setProblem('Paste or type at least one accession name.');
    setBusy(true);
    try {
      await request(`experiments/${experimentId}/entries`, 'POST', { names });
      notify.success(`Added ${names.length} entr${names.length === 1 ? 'y' : 'ies'}`);
      setPasted('');
      setProblem(null);
      setVersion((value) => value + 1);
    } catch (failure) {
      // Unknown names are said under the box, where they can be corrected.
      if (failure instanceof RequestError && failure.status === 400) setProblem(failure.message);
      else notify.error(failure);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (accessionId: number, name: string) => {
    try {
      await request(`experiments/${experimentId}/entries/${accessionId}`, 'DELETE');
      notify.success(`Took ${name} out of the experiment`);
      setVersion((value) => value + 1);
    } catch (failure) {
      notify.error(failure);
    }
  };

  if (error) return <LoadError what="entries" error={error} onRetry={reload} />;
  return (
    <Card
      title={`Entries${data ? ` (${data.data.length})` : ''}`}
      description="The accessions this experiment tests: BrAPI’s germplasm of a study. Importing a Breedbase trial file fills them from its plots."
    >
      <div className="mb-4 grid gap-2">
        <label htmlFor="entries-paste" className="text-sm font-medium text-stone-800">
          Add accessions
        </label>
        <textarea
          id="entries-paste"
          rows={3}
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          placeholder="Paste names from a spreadsheet column, or type them separated by commas; synonyms work too"
          aria-describedby="entries-problem"
          className={`block w-full rounded-md border px-3 py-2 font-mono text-sm ${problem ? 'border-red-500' : 'border-stone-300'}`}
        />
        {problem && (
          <p id="entries-problem" className="text-sm text-red-600">
            {problem}
          </p>
        )}
        <div>
          <Button size="sm" variant="primary" disabled={busy} onClick={() => void add()}>
            {busy ? 'Adding…' : 'Add entries'}
          </Button>
        </div>
      </div>
      {data && all.length === 0 && <p className="text-sm text-stone-500">No entries yet.</p>}
      {all.length > FILTER_FROM && (
        <input
          type="search"
          aria-label="Filter entries"
          placeholder={`Filter ${all.length} entries by name or taxon`}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="mb-3 block w-full rounded-md border border-stone-300 px-3 py-2 text-sm"
        />
      )}
      {all.length > 0 && matching.length === 0 && <p className="text-sm text-stone-500">No entry matches “{filter.trim()}”.</p>}
      {matching.length > 0 && (
        <SimpleTable<ExperimentEntry>
          label="Entries"
          dense
          rows={shown}
          rowKey={(entry) => entry.accessionId}
          columns={[
            linkColumn({ header: 'Accession', route: ROUTES.accessionView, id: (entry) => entry.accessionId, name: (entry) => entry.germplasmName }),
            { header: 'Taxon', className: 'italic', cell: (entry) => `${entry.genus} ${entry.species ?? ''}` },
            {
              header: 'Remove',
              srOnly: true,
              align: 'right',
              cell: (entry) => (
                <Button size="sm" variant="ghost" aria-label={`Remove ${entry.germplasmName}`} onClick={() => void remove(entry.accessionId, entry.germplasmName)}>
                  Remove
                </Button>
              ),
            },
          ]}
        />
      )}
      {shown.length < matching.length && (
        <div className="mt-3 flex items-center gap-3 text-sm text-stone-600">
          <span>
            Showing {shown.length} of {matching.length} entries.
          </span>
          <Button size="sm" onClick={() => setShowAll(true)}>
            Show all {matching.length}
          </Button>
        </div>
      )}
    </Card>
  );
}
