import { invitationCreateSchema, type InvitationCreate, type InvitationIssued } from '../../../contract/account';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import { reportSubmitError, useSchemaForm, visibleError } from '../../ui/forms';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextAreaField, TextField } from '../../ui/TextField';

/** Loaded on demand, with the validation rules it needs. */
export default function InviteForm({ onIssued }: { onIssued: (issued: InvitationIssued) => void }) {
  const form = useSchemaForm<InvitationCreate>(invitationCreateSchema, { email: '', note: '' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const issued = await request<InvitationIssued>('invitations', 'POST', values);
      form.reset({ email: '', note: '' });
      notify.success(`Invitation created for ${issued.invitation.email}`);
      onIssued(issued);
    } catch (error) {
      reportSubmitError(form, error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Invite a colleague" className="grid gap-4">
      <TextField label="Email" type="email" autoComplete="off" required error={visibleError(form, 'email')} {...form.register('email')} />
      <TextAreaField label="Note" hint="Optional; shown to them with the invitation." error={visibleError(form, 'note')} {...form.register('note')} />
      <div>
        <SubmitButton busy={form.formState.isSubmitting} className="w-auto">
          Create invitation
        </SubmitButton>
      </div>
    </form>
  );
}
