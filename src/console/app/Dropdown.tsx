import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MenuLink } from './MenuLink';
import type { MenuSection } from './navigation';

/** A top-bar menu: opens on click, closes on a choice, Escape or a click elsewhere. At least 250 px wide. */
export function Dropdown({ section, align = 'left', active = false }: { section: MenuSection; align?: 'left' | 'right'; active?: boolean }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      setOpen(false);
      root.current?.querySelector<HTMLElement>('button[aria-haspopup]')?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      requestAnimationFrame(() => {
        const next = root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
        if (next?.length) next[(index + step + next.length) % next.length]?.focus();
      });
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the menu's arrow and Escape keys, for the button and the items inside it
    <div ref={root} className="relative" onKeyDown={onKeyDown}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className={`flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-white ${
          open || active ? 'bg-emerald-800 text-white' : 'text-emerald-50'
        }`}
      >
        {section.label}
        <svg viewBox="0 0 20 20" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true">
          <path d="M5.5 7.5 10 12l4.5-4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={section.label}
          className={`absolute top-full z-40 mt-1.5 max-h-[75vh] min-w-[250px] overflow-y-auto rounded-lg bg-white py-1.5 shadow-xl ring-1 ring-stone-900/10 ${
            align === 'right' ? 'right-0' : 'left-0'
          }`}
        >
          {section.entries.map((entry) => (
            <MenuLink
              key={entry.label}
              entry={entry}
              onSelect={() => setOpen(false)}
              className="block px-4 py-2 text-sm text-stone-700 hover:bg-emerald-50 hover:text-emerald-900 focus:bg-emerald-50 focus:outline-none"
            />
          ))}
        </div>
      )}
    </div>
  );
}
