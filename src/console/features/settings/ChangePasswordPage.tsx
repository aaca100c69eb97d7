import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { MIN_PASSWORD_LENGTH, passwordChangeSchemaFor, type PasswordChange } from '../../../contract/account';
import { ConsoleShell } from '../../app/ConsoleShell';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import { $user } from '../../session/session';
import { Card } from '../../ui/Card';
import { reportSubmitError, useSchemaForm, visibleError } from '../../ui/forms';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { settingsSubMenu } from './settings-menu';

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordForm({ email }: { email: string }) {
  const schema = useMemo(() => passwordChangeSchemaFor(email), [email]);
  const form = useSchemaForm<PasswordChange>(schema, EMPTY);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request('profile/password', 'POST', values);
      form.reset(EMPTY);
      notify.success('Password changed. Your other sessions were signed out.');
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

function ChangePassword() {
  const user = useStore($user);
  if (!user) return null;
  return (
    <Card title="Change password" description="Every other place you are signed in will be signed out; this one stays.">
      <ChangePasswordForm email={user.email} />
    </Card>
  );
}

export default function ChangePasswordPage() {
  return (
    <ConsoleShell title="Change password" route="/settings/profile/change-password" subMenu={settingsSubMenu}>
      <ChangePassword />
    </ConsoleShell>
  );
}
