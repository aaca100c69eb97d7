import { ROUTES, viewRoute } from '../../app/routes';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import type { AccessionCrossList } from '../../../contract/records';

/** Where an accession is used as a parent: its planned progeny, by cross plan. */
export function AccessionCrosses({ accessionId }: { accessionId: number }) {
  const { data, error, reload } = useRequest<AccessionCrossList>(`accessions/${accessionId}/crosses`);
  if (error) return <LoadError what="crosses" error={error} onRetry={reload} />;
  if (!data) return null;
  return (
    <Card title="Planned progeny" description="Crosses in cross plans where this accession is a parent.">
      {data.data.length === 0 ? (
        <p className="text-sm text-stone-500">Not a parent in any cross plan yet.</p>
      ) : (
        <div className="-mx-6 overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="Planned progeny">
            <thead className="text-xs uppercase tracking-wide text-stone-500">
              <tr>
                {['Cross plan', 'As', 'Cross', 'Type', 'Crosses', 'Status'].map((heading) => (
                  <th key={heading} className="px-3 py-2 font-medium first:pl-6 last:pr-6">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {data.data.map((cross) => (
                <tr key={cross.id}>
                  <td className="py-2 pr-3 pl-6">
                    <a className="text-emerald-800 hover:underline" href={viewRoute(ROUTES.crossPlanView, cross.crossPlanId)}>
                      {cross.crossPlanName}
                    </a>
                  </td>
                  <td className="px-3 py-2">{cross.role === 'female' ? '♀ female' : '♂ male'}</td>
                  <td className="px-3 py-2 font-mono text-xs">
                    {cross.femaleParentName} × {cross.maleParentName ?? '—'}
                  </td>
                  <td className="px-3 py-2">{cross.crossType}</td>
                  <td className="px-3 py-2 tabular-nums">{cross.numberOfCrosses}</td>
                  <td className="py-2 pr-6 pl-3">{cross.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
