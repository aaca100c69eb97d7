import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './Button';

const MAX_WIDTHS = { md: 'max-w-md', lg: 'max-w-lg', '2xl': 'max-w-2xl', '3xl': 'max-w-3xl' } as const;

export interface DialogProps {
  /** Shown while true; a dialog that is mounted only while shown can leave it out. */
  open?: boolean;
  title: ReactNode;
  /** A line under the title that says what the dialog does (aria-describedby). */
  description?: ReactNode;
  /** The accessible name, when the visible title alone would not say what the dialog is about. */
  label?: string;
  maxWidth?: keyof typeof MAX_WIDTHS;
  /** Escape, or a button of the footer: the owner decides whether the dialog goes. */
  onClose: () => void;
  /** With a submit, body and footer are one form, and the footer's submit button sends it. */
  onSubmit?: () => void;
  /** The buttons at the bottom right. */
  footer: ReactNode;
  children: ReactNode;
}

/**
 * The one modal of the console, on the native `<dialog>` shown with `showModal()`: the browser
 * keeps focus inside it and makes the page behind it inert. Escape asks `onClose` instead of
 * closing by itself, so what is on screen always follows the owner's state; the title names the
 * dialog (aria-labelledby); and when it goes, focus returns to what had it before (the button
 * that opened it), even when the owner unmounts it without closing it first.
 */
export function Dialog({ open = true, title, description, label, maxWidth = 'md', onClose, onSubmit, footer, children }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    const focusedBefore = document.activeElement;
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
      if (focusedBefore instanceof HTMLElement && focusedBefore.isConnected) focusedBefore.focus();
    };
  }, [open]);

  const body = (
    <>
      <h2 id={titleId} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {description && (
        <p id={descriptionId} className="mt-1 text-sm text-stone-600">
          {description}
        </p>
      )}
      <div className="mt-4 flex flex-col gap-4">{children}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div>
    </>
  );
  return (
    <dialog
      ref={dialog}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-full ${MAX_WIDTHS[maxWidth]} rounded-xl p-0 shadow-2xl backdrop:bg-stone-900/40`}
      aria-labelledby={label ? undefined : titleId}
      aria-label={label}
      aria-describedby={description ? descriptionId : undefined}
    >
      {onSubmit ? (
        <form
          noValidate
          className="p-6"
          onSubmit={(event) => {
            event.preventDefault();
            // A dialog opened from inside another form (a run group from the launch form) must not submit that one too.
            event.stopPropagation();
            onSubmit();
          }}
        >
          {body}
        </form>
      ) : (
        <div className="p-6">{body}</div>
      )}
    </dialog>
  );
}

/**
 * The usual footer: the button that changes nothing, then `children` (the one that acts). Pressing
 * the first must not blur a field: the blur would re-validate, the form would change height
 * under the pointer, and the click would miss.
 */
export function DialogActions({ cancelLabel = 'Cancel', onCancel, busy = false, children }: { cancelLabel?: string; onCancel: () => void; busy?: boolean; children: ReactNode }) {
  return (
    <>
      <Button onMouseDown={(event) => event.preventDefault()} onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      {children}
    </>
  );
}
