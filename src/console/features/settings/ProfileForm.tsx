import { profileUpdateSchema, type ProfileUpdate } from '../../../contract/account';
import type { User } from '../../../contract/auth';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import { setSessionUser } from '../../session/session';
import { reportSubmitError, useSchemaForm, visibleError } from '../../ui/forms';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

/** Loaded on demand, with the validation rules it needs. */
export default function ProfileForm({ user }: { user: User }) {
  const form = useSchemaForm<ProfileUpdate>(profileUpdateSchema, { name: user.name, email: user.email });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await request<User>('profile', 'PATCH', values);
      setSessionUser(updated);
      form.reset({ name: updated.name, email: updated.email });
      notify.success('Profile saved');
    } catch (error) {
      reportSubmitError(form, error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit profile" className="grid max-w-lg gap-4">
      <TextField label="Name" autoComplete="name" required error={visibleError(form, 'name')} {...form.register('name')} />
      <TextField label="Email" type="email" autoComplete="email" required error={visibleError(form, 'email')} hint="You sign in with this address." {...form.register('email')} />
      <div>
        <SubmitButton busy={form.formState.isSubmitting} className="w-auto">
          Save changes
        </SubmitButton>
      </div>
    </form>
  );
}
