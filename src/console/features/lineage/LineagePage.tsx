import { lazy, Suspense } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { useQueryParam } from '../../lib/use-query-param';
import { LoadError } from '../../ui/LoadError';

const LineagePanel = lazy(() => import('./LineagePanel'));
const NODE = /^(file|run|fileset):[1-9]\d{0,9}$/;

/** `/tools/lineage?id=file:12`: a file's (or run's, or fileset's) lineage, the page a file's name links to. */
export default function LineagePage() {
  const node = useQueryParam('id', NODE);
  return (
    <ConsoleShell title="Lineage" route={ROUTES.lineage}>
      {node === null && <LoadError what="the lineage" error={new Error('this page needs ?id= with a file, run or fileset, e.g. ?id=file:12')} onRetry={() => window.location.reload()} />}
      {node && (
        <Suspense fallback={<p className="text-sm text-stone-500">Loading the lineage…</p>}>
          <LineagePanel key={node} node={node} />
        </Suspense>
      )}
    </ConsoleShell>
  );
}
