import type { ReactNode } from 'react';

/** A record's facts as label–value pairs in columns: a run's header, a tracked MLflow run's. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-stone-500">{label}</dt>
          <dd className="mt-0.5 font-medium text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
