import { useEffect, useMemo, useState } from 'react';
import { invitationAcceptSchemaFor, MIN_PASSWORD_LENGTH, type InvitationAccept, type InvitationLookup } from '../../../contract/account';
import type { LoginResponse } from '../../../contract/auth';
import { ConsoleShell } from '../../app/ConsoleShell';
import { LOGIN_ROUTE } from '../../app/navigation';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { adoptSession } from '../../session/session';
import { reportSubmitError, useSchemaForm, visibleError } from '../../ui/forms';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

const ROUTE = '/manage/accept-invite';

function Problem({ message }: { message: string }) {
  return (
    <div role="alert" className="mx-auto max-w-md rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
      <h2 className="text-lg font-semibold text-stone-900">This invitation cannot be used</h2>
      <p className="mt-2 text-sm text-stone-600">{message}</p>
      <a href={LOGIN_ROUTE} className="mt-6 inline-block text-sm font-medium text-emerald-700 hover:underline">
        Go to sign in
      </a>
    </div>
  );
}

function AcceptForm({ token, lookup }: { token: string; lookup: InvitationLookup }) {
  const schema = useMemo(() => invitationAcceptSchemaFor(lookup.email), [lookup.email]);
  const form = useSchemaForm<InvitationAccept>(schema, { token, name: '', newPassword: '', confirmPassword: '' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      adoptSession(await request<LoginResponse>('invitations/accept', 'POST', values));
      notify.success('Welcome to Seedbed');
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

function AcceptInvite() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token')), []);
  const lookup = useRequest<InvitationLookup>(token ? `invitations/lookup?token=${encodeURIComponent(token)}` : null);

  if (token === undefined) return null;
  if (!token) return <Problem message="This page opens from the link in an invitation, and that link is missing its token. Open the whole link you were sent." />;
  if (lookup.error) return <Problem message={lookup.error.message} />;
  if (!lookup.data) return <LoadingOverlay />;
  return <AcceptForm token={token} lookup={lookup.data} />;
}

export default function AcceptInvitePage() {
  return (
    <ConsoleShell title="Accept invitation" route={ROUTE} isPublic>
      <AcceptInvite />
    </ConsoleShell>
  );
}
