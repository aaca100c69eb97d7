import type { z } from 'zod';
import { runGroupInputSchema, type RunGroup } from '../../../contract/runs';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import { FormDialog } from '../../ui/FormDialog';
import { reportSubmitError, useSchemaForm, visibleError } from '../../ui/forms';
import { TextAreaField, TextField } from '../../ui/TextField';

/** Create a run group, or rename and describe one, on the API's own schema. */
export default function RunGroupDialog({ group, onClose, onSaved }: { group: RunGroup | null; onClose: () => void; onSaved: (group: RunGroup) => void }) {
  const form = useSchemaForm<z.input<typeof runGroupInputSchema>, z.output<typeof runGroupInputSchema>>(runGroupInputSchema, {
    name: group?.name ?? '',
    description: group?.description ?? '',
  });

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
    <FormDialog
      title={group ? 'Edit run group' : 'New run group'}
      maxWidth="lg"
      submitLabel={group ? 'Save' : 'Create run group'}
      busy={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={() => void onSubmit()}
    >
      <TextField label="Name" required placeholder="e.g. Durum cycle 2026" error={visibleError(form, 'name')} {...form.register('name')} />
      <TextAreaField label="Description" hint="What the runs have in common: a breeding cycle, a benchmark campaign." error={visibleError(form, 'description')} {...form.register('description')} />
    </FormDialog>
  );
}
