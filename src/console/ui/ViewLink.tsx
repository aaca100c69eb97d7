import type { ReactNode } from 'react';
import { viewRoute } from '../app/routes';

/** A link to a record's own page (`route?id=`), as every table and fact list shows one; `className` adds to its look (font-medium for a row's name). */
export function ViewLink({ route, id, className, children }: { route: string; id: number | string; className?: string; children: ReactNode }) {
  return (
    <a className={`text-emerald-800 hover:underline${className ? ` ${className}` : ''}`} href={viewRoute(route, id)}>
      {children}
    </a>
  );
}
