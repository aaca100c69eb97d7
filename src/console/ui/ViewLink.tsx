import type { ReactNode } from 'react';
import { viewRoute } from '../app/routes';

/** A link to a record's own page (`route?id=`), as every table and fact list shows one. */
export function ViewLink({ route, id, children }: { route: string; id: number | string; children: ReactNode }) {
  return (
    <a className="text-emerald-800 hover:underline" href={viewRoute(route, id)}>
      {children}
    </a>
  );
}
