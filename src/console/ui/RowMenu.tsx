import { useEffect, useId, useRef, useState } from 'react';

export interface RowMenuItem {
  label: string;
  /** A link, or an action. */
  href?: string;
  onSelect?: () => void;
  tone?: 'danger';
}

const placeBelow = (rect: DOMRect) => ({ top: rect.bottom + 4, right: window.innerWidth - rect.right });

/** A row's actions behind one quiet "⋯" button: a menu that closes on a choice, Escape or a click elsewhere. */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  // Where the menu opens: fixed to the window, so that a table's scrolling box does not clip it.
  const [open, setOpen] = useState<{ top: number; right: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const isOpen = open !== null;
  useEffect(() => {
    if (!isOpen) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !box.current?.contains(event.target as Node)) setOpen(null);
    };
    // A scroll or resize moves the menu with its button, and closes it once the button is out of
    // sight. A scroll that did not move the button (one that brought it into view just before the
    // click, reported a frame later) changes nothing.
    const follow = () => {
      const rect = button.current?.getBoundingClientRect();
      if (!rect || rect.bottom < 0 || rect.top > window.innerHeight || rect.right < 0 || rect.left > window.innerWidth) return setOpen(null);
      const next = placeBelow(rect);
      setOpen((value) => (value && value.top === next.top && value.right === next.right ? value : next));
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    // The first item takes the focus, so the keyboard goes on from there.
    box.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [isOpen]);
  const itemClass = (item: RowMenuItem) =>
    `block w-full px-3 py-1.5 text-left text-sm hover:bg-stone-100 focus:bg-stone-100 focus:outline-none ${item.tone === 'danger' ? 'text-red-700' : 'text-stone-800'}`;
  return (
    <div ref={box} className="relative inline-block text-left">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? id : undefined}
        onClick={(event) => {
          const rect = event.currentTarget.getBoundingClientRect();
          setOpen((value) => (value ? null : placeBelow(rect)));
        }}
        className="rounded-md px-2 py-1 text-lg leading-none text-stone-500 hover:bg-stone-100 hover:text-stone-900"
      >
        ⋯
      </button>
      {open && (
        <div id={id} role="menu" aria-label={label} style={{ top: open.top, right: open.right }} className="fixed z-30 min-w-44 rounded-md bg-white py-1 shadow-lg ring-1 ring-stone-200">
          {items.map((item) =>
            item.href ? (
              <a key={item.label} role="menuitem" href={item.href} className={itemClass(item)}>
                {item.label}
              </a>
            ) : (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                className={itemClass(item)}
                onClick={() => {
                  setOpen(null);
                  item.onSelect?.();
                }}
              >
                {item.label}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
