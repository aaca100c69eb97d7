import { tooltipProps } from '../ui/tooltip';
import type { MenuEntry } from './navigation';

/** One menu entry: a link, or a button when the entry is an action. */
export function MenuLink({
  entry,
  className,
  onSelect,
  inMenu = true,
}: {
  entry: MenuEntry;
  className: string;
  onSelect?: () => void;
  /** Inside a `role="menu"` panel, entries are menu items; elsewhere plain links and buttons. */
  inMenu?: boolean;
}) {
  const role = inMenu ? 'menuitem' : undefined;
  if (entry.href) {
    return (
      <a
        href={entry.href}
        className={className}
        role={role}
        {...(entry.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        {...tooltipProps(entry.tooltip)}
        onClick={() => {
          entry.onClick?.();
          onSelect?.();
        }}
      >
        {entry.label}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={`${className} w-full text-left`}
      role={role}
      {...tooltipProps(entry.tooltip)}
      onClick={() => {
        onSelect?.();
        entry.onClick?.();
      }}
    >
      {entry.label}
    </button>
  );
}
