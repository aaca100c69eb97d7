import { useMemo } from 'react';
import { invitationAcceptSchemaFor, MIN_PASSWORD_LENGTH, type InvitationAccept, type InvitationLookup } from '../../../contract/account';
import type { LoginResponse } from '../../../contract/auth';
import { notifyAfterNavigation } from '../../app/notify';
import { request } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { adoptSession } from '../../session/session';
import { reportSubmitError, useSchemaForm, visibleError } from '../../ui/forms';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

/** Loaded on demand, with the validation rules it needs. */
export default function AcceptForm({ token, lookup }: { token: string; lookup: InvitationLookup }) {
  const schema = useMemo(() => invitationAcceptSchemaFor(lookup.email), [lookup.email]);
  const form = useSchemaForm<InvitationAccept>(schema, { token, name: '', newPassword: '', confirmPassword: '' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      adoptSession(await request<LoginResponse>('invitations/accept', 'POST', values));
      notifyAfterNavigation('success', 'Welcome to Seedbed');
      window.location.assign('/');
    } catch (error) {
      reportSubmitError(form, error);
    }
  });
  return (
    <div className="mx-auto max-w-md rounded-xl bg-white p-8 shadow-sm ring-1 ring-stone-200">
      <h2 className="text-lg font-semibold text-stone-900">Create your account</h2>
      <p className="mt-1 text-sm text-stone-600">
        {lookup.invitedBy ? `${lookup.invitedBy} invited you` : 'You were invited'} to Seedbed as{' '}
        <strong className="font-medium text-stone-900" data-testid="invited-email">
          {lookup.email}
        </strong>
        . This link works until {formatDate(lookup.expiresAt)}.
      </p>
      {lookup.note && <blockquote className="mt-3 border-l-2 border-emerald-300 pl-3 text-sm text-stone-600 italic">{lookup.note}</blockquote>}
      <form onSubmit={onSubmit} noValidate aria-label="Accept invitation" className="mt-6 grid gap-4">
        <input type="email" autoComplete="username" value={lookup.email} readOnly hidden />
        <TextField label="Name" autoComplete="name" required error={visibleError(form, 'name')} {...form.register('name')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${MIN_PASSWORD_LENGTH} characters, and not your email.`}
          error={visibleError(form, 'newPassword')}
          {...form.register('newPassword', { deps: ['confirmPassword'] })}
        />
        <TextField label="Confirm password" type="password" autoComplete="new-password" required error={visibleError(form, 'confirmPassword')} {...form.register('confirmPassword')} />
        <SubmitButton busy={form.formState.isSubmitting} busyLabel="Creating your account…">
          Create account
        </SubmitButton>
      </form>
    </div>
  );
}
