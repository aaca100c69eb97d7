import { type ReactNode, Suspense } from 'react';
import { Card } from './Card';

/** A card around a form that loads when it is shown (a lazy import), saying so while it loads. */
export function FormCard({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <Card title={title} description={description}>
      <Suspense fallback={<p className="text-sm text-stone-500">Loading the form…</p>}>{children}</Suspense>
    </Card>
  );
}
