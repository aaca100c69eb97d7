import type { ReactNode } from 'react';

export function Card({ title, description, children, actions }: { title?: string; description?: ReactNode; children?: ReactNode; actions?: ReactNode }) {
  return (
    // min-w-0: in a grid or flex column, a wide table inside must scroll in its own box, not widen the page.
    <section className="min-w-0 rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
      {(title || actions) && (
        <header className="flex flex-wrap items-start gap-3 border-b border-stone-100 px-6 py-4">
          <div className="min-w-0">
            {title && <h2 className="text-base font-semibold wrap-anywhere text-stone-900">{title}</h2>}
            {description && <p className="mt-0.5 text-sm text-stone-500">{description}</p>}
          </div>
          {actions && <div className="ml-auto flex max-w-full min-w-0 flex-wrap items-center gap-2">{actions}</div>}
        </header>
      )}
      {children !== null && children !== undefined && children !== false && <div className="px-6 py-5">{children}</div>}
    </section>
  );
}
