import type { z } from 'zod';
import { useEffect, useRef } from 'react';
import { runGroupInputSchema, type RunGroup } from '../../../contract/runs';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import { Button } from '../../ui/Button';
import { reportSubmitError, useSchemaForm, visibleError } from '../../ui/forms';
import { TextAreaField, TextField } from '../../ui/TextField';

/** Create a run group, or rename and describe one, on the API's own schema. */
export default function RunGroupDialog({ group, onClose, onSaved }: { group: RunGroup | null; onClose: () => void; onSaved: (group: RunGroup) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useSchemaForm<z.input<typeof runGroupInputSchema>, z.output<typeof runGroupInputSchema>>(runGroupInputSchema, { name: group?.name ?? '', description: group?.description ?? '' });
  useEffect(() => dialog.current?.showModal(), []);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = group ? await request<RunGroup>(`run-groups/${group.id}`, 'PUT', values) : await request<RunGroup>('run-groups', 'POST', values);
      notify.success(`${group ? 'Saved' : 'Created'} run group ${saved.name}`);
      onSaved(saved);
    } catch (error) {
      reportSubmitError(form, error);
    }
  });

  return (
    <dialog ref={dialog} onCancel={onClose} className="m-auto w-full max-w-lg rounded-xl p-0 shadow-2xl backdrop:bg-stone-900/40" aria-labelledby="run-group-form-title">
      {/* A submit stops here: opened from another form (the launch form), it must not submit that one too. */}
      <form
        onSubmit={(event) => {
          event.stopPropagation();
          void onSubmit(event);
        }}
        noValidate
        className="grid gap-4 p-6"
      >
        <h2 id="run-group-form-title" className="text-lg font-semibold text-stone-900">
          {group ? 'Edit run group' : 'New run group'}
        </h2>
        <TextField label="Name" required placeholder="e.g. Durum cycle 2026" error={visibleError(form, 'name')} {...form.register('name')} />
        <TextAreaField label="Description" hint="What the runs have in common: a breeding cycle, a benchmark campaign." error={visibleError(form, 'description')} {...form.register('description')} />
        <div className="flex justify-end gap-2">
          <Button onMouseDown={(event) => event.preventDefault()} onClick={onClose} disabled={form.formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" busy={form.formState.isSubmitting}>
            {group ? 'Save' : 'Create run group'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
