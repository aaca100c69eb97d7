import { lazy, Suspense, useCallback, useState } from 'react';
import type { LineageNode } from '../../../contract/lineage';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { useQueryParam } from '../../lib/use-query-param';
import { LoadError } from '../../ui/LoadError';

const LineagePanel = lazy(() => import('./LineagePanel'));
const NODE = /^(file|run|fileset):[1-9]\d{0,9}$/;

/** “Lineage of run gdip_panel”, “Lineage of gebv.csv”: a file is known by its name alone, as a file's name links here. */
const lineageTitle = (record: LineageNode) => `Lineage of ${record.kind === 'file' ? '' : `${record.kind} `}${record.name}`;

/** `/tools/lineage?id=file:12`: a file's (or run's, or fileset's) lineage, the page a file's name links to. */
export default function LineagePage() {
  const node = useQueryParam('id', NODE);
  // The record is named once its lineage has loaded (its first answer holds it): no call of its own for the title.
  const [title, setTitle] = useState('Lineage');
  const onRecord = useCallback((record: LineageNode) => setTitle(lineageTitle(record)), []);
  return (
    <ConsoleShell title={title} route={ROUTES.lineage} titleInTab>
      {node === null && <LoadError what="the lineage" error={new Error('this page needs ?id= with a file, run or fileset, e.g. ?id=file:12')} onRetry={() => window.location.reload()} />}
      {node && (
        <Suspense fallback={<p className="text-sm text-stone-500">Loading the lineage…</p>}>
          <LineagePanel key={node} node={node} onRecord={onRecord} />
        </Suspense>
      )}
    </ConsoleShell>
  );
}
