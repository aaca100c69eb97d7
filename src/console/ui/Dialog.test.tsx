// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import { Dialog } from './Dialog';

afterEach(cleanup);

/** A page with a button that opens a dialog, as the consoles' pages have. */
function PageWithDialog({ onSubmit }: { onSubmit?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>New run group</Button>
      {open && (
        <Dialog title="New run group" description="Runs with something in common." onClose={() => setOpen(false)} onSubmit={onSubmit} footer={<Button onClick={() => setOpen(false)}>Cancel</Button>}>
          <label>
            Name
            <input />
          </label>
        </Dialog>
      )}
    </>
  );
}

const open = () => {
  const trigger = screen.getByRole('button', { name: 'New run group' });
  trigger.focus();
  fireEvent.click(trigger);
  return trigger;
};

describe('Dialog', () => {
  it('opens as a modal named by its title and described by its description', () => {
    render(<PageWithDialog />);
    open();
    const dialog = screen.getByRole('dialog', { name: 'New run group' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Runs with something in common.').id);
  });

  it('asks its owner on Escape, and goes when the owner says so', () => {
    render(<PageWithDialog />);
    open();
    const dialog = screen.getByRole('dialog');
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    // The browser's own close is prevented: the owner's state decides.
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('returns focus to the button that opened it', () => {
    render(<PageWithDialog />);
    const trigger = open();
    screen.getByRole('textbox').focus();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('submits its own form and not the form around it', () => {
    const inner = vi.fn();
    // The launch form around the run group dialog, as React sees it: submit events bubble through the component tree.
    const outer = vi.fn();
    render(
      <div onSubmit={outer}>
        <PageWithDialog onSubmit={inner} />
      </div>,
    );
    open();
    fireEvent.submit(screen.getByRole('dialog').querySelector('form')!);
    expect(inner).toHaveBeenCalledOnce();
    expect(outer).not.toHaveBeenCalled();
  });
});

describe('ConfirmDialog', () => {
  it('shows and hides with its open prop, and cancels on Escape', () => {
    const onCancel = vi.fn();
    const question = (shown: boolean) => (
      <ConfirmDialog open={shown} title="Cancel this run?" confirmLabel="Cancel run" cancelLabel="Keep running" onConfirm={() => {}} onCancel={onCancel}>
        The run will be stopped.
      </ConfirmDialog>
    );
    const { rerender } = render(question(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(question(true));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this run?' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(onCancel).toHaveBeenCalledOnce();
    rerender(question(false));
    expect(dialog.open).toBe(false);
  });
});
