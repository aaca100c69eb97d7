import { Button } from './Button';
import { Dialog, DialogActions, type DialogProps } from './Dialog';

/** A dialog that is one form: its fields, the button that changes nothing, and `submitLabel` on the one that sends it. */
export function FormDialog({
  submitLabel,
  cancelLabel,
  busy,
  onClose,
  onSubmit,
  children,
  ...dialog
}: Omit<DialogProps, 'footer' | 'onSubmit'> & { submitLabel: string; cancelLabel?: string; busy: boolean; onSubmit: () => void }) {
  return (
    <Dialog
      {...dialog}
      onClose={onClose}
      onSubmit={onSubmit}
      footer={
        <DialogActions cancelLabel={cancelLabel} onCancel={onClose} busy={busy}>
          <Button type="submit" variant="primary" busy={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      }
    >
      {children}
    </Dialog>
  );
}
