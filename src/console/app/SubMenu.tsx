import { tooltipProps } from '../ui/tooltip';
import { normalizePath, type MenuEntry } from './navigation';

/** The optional section sub-menu: a row of tabs under the top bar. */
export function SubMenu({ entries, pathname }: { entries: MenuEntry[]; pathname: string }) {
  const current = normalizePath(pathname);
  return (
    <nav aria-label="Section" className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-screen-2xl gap-1 overflow-x-auto px-4 sm:px-6">
        {entries.map((entry) => {
          const active = entry.href === current;
          return (
            <a
              key={entry.label}
              href={entry.href}
              aria-current={active ? 'page' : undefined}
              className={`whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-medium ${
                active ? 'border-emerald-700 text-emerald-800' : 'border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900'
              }`}
              {...tooltipProps(entry.tooltip)}
            >
              {entry.label}
            </a>
          );
        })}
      </div>
    </nav>
  );
}
