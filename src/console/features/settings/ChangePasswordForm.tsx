import { useMemo } from 'react';
import { MIN_PASSWORD_LENGTH, passwordChangeSchemaFor, type PasswordChange } from '../../../contract/account';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import { reportSubmitError, useSchemaForm, visibleError } from '../../ui/forms';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Loaded on demand, with the validation rules it needs. */
export default function ChangePasswordForm({ email }: { email: string }) {
  const schema = useMemo(() => passwordChangeSchemaFor(email), [email]);
  const form = useSchemaForm<PasswordChange>(schema, EMPTY);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request('profile/password', 'POST', values);
      form.reset(EMPTY);
      notify.success('Password changed. Your other sessions were signed out; your API tokens keep working.');
    } catch (error) {
      reportSubmitError(form, error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password" className="grid max-w-md gap-4">
      {/* Lets password managers tie the new password to the account. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <TextField label="Current password" type="password" autoComplete="current-password" required error={visibleError(form, 'currentPassword')} {...form.register('currentPassword')} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        error={visibleError(form, 'newPassword')}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters, and not your email. A passphrase of a few words is easy to remember.`}
        {...form.register('newPassword', { deps: ['confirmPassword'] })}
      />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" required error={visibleError(form, 'confirmPassword')} {...form.register('confirmPassword')} />
      <div>
        <SubmitButton busy={form.formState.isSubmitting} className="w-auto">
          Change password
        </SubmitButton>
      </div>
    </form>
  );
}
