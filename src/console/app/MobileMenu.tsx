import { useState } from 'react';
import { MenuLink } from './MenuLink';
import type { MenuEntry, MenuSection } from './navigation';

/** Below 768 px: one button that unfolds every link and menu. */
export function MobileMenu({ links, sections }: { links: MenuEntry[]; sections: MenuSection[] }) {
  const [open, setOpen] = useState(false);
  const linkClass = 'block rounded-md px-3 py-2 text-sm text-emerald-50 hover:bg-emerald-800';
  return (
    <div className="md:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((value) => !value)}
        className="rounded-md p-2 text-emerald-50 hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-white"
      >
        <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
          {open ? (
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
      </button>
      {open && (
        <nav id="mobile-menu" aria-label="Main" className="absolute inset-x-0 top-full z-40 max-h-[calc(100vh-3.5rem)] overflow-y-auto bg-emerald-900 px-3 pb-4 shadow-xl">
          {links.map((entry) => (
            <MenuLink key={entry.label} entry={entry} className={linkClass} inMenu={false} onSelect={() => setOpen(false)} />
          ))}
          {sections.map((section) => (
            <details key={section.label} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-3 py-2 text-sm font-medium text-white hover:bg-emerald-800">
                {section.label}
                <svg viewBox="0 0 20 20" className="size-4 transition-transform group-open:rotate-180" aria-hidden="true">
                  <path d="M5.5 7.5 10 12l4.5-4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </summary>
              <div className="ml-3 border-l border-emerald-700 pl-2">
                {section.entries.map((entry) => (
                  <MenuLink key={entry.label} entry={entry} className={linkClass} inMenu={false} onSelect={() => setOpen(false)} />
                ))}
              </div>
            </details>
          ))}
        </nav>
      )}
    </div>
  );
}
