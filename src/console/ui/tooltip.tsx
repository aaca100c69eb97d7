import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { FocusEvent, MouseEvent } from 'react';

interface TooltipState {
  text: string;
  left: number;
  top: number;
}

const $tooltip = atom<TooltipState | null>(null);

/** Props that show `text` in the shared tooltip layer while the element is hovered or focused. */
export function tooltipProps(text: string | undefined) {
  if (!text) return {};
  const show = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    $tooltip.set({ text, left: rect.left + rect.width / 2, top: rect.bottom + 6 });
  };
  const hide = () => $tooltip.set(null);
  return { onMouseEnter: show, onFocus: show, onMouseLeave: hide, onBlur: hide, title: undefined };
}

/** The one tooltip layer (`#app-tooltip`, z-index 60) above menus and dialogs. */
export function TooltipLayer() {
  const tooltip = useStore($tooltip);
  return (
    <div id="app-tooltip" role="tooltip" className="pointer-events-none fixed inset-0" style={{ zIndex: 60 }} aria-hidden={!tooltip}>
      {tooltip && (
        <div className="absolute max-w-xs -translate-x-1/2 rounded-md bg-stone-900 px-2.5 py-1.5 text-xs text-white shadow-lg" style={{ left: tooltip.left, top: tooltip.top }}>
          {tooltip.text}
        </div>
      )}
    </div>
  );
}
