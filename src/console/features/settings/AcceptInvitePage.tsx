import { ROUTES } from '../../app/routes';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { InvitationLookup } from '../../../contract/account';
import { ConsoleShell } from '../../app/ConsoleShell';
import { LOGIN_ROUTE } from '../../app/navigation';
import { useRequest } from '../../lib/use-request';
import { LoadingOverlay } from '../../ui/LoadingOverlay';

const ROUTE = ROUTES.acceptInvite;
const AcceptForm = lazy(() => import('./AcceptForm'));

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

function AcceptInvite() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token')), []);
  const lookup = useRequest<InvitationLookup>(token ? `invitations/lookup?token=${encodeURIComponent(token)}` : null);

  if (token === undefined) return null;
  if (!token) return <Problem message="This page opens from the link in an invitation, and that link is missing its token. Open the whole link you were sent." />;
  if (lookup.error) return <Problem message={lookup.error.message} />;
  if (!lookup.data) return <LoadingOverlay />;
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <AcceptForm token={token} lookup={lookup.data} />
    </Suspense>
  );
}

export default function AcceptInvitePage() {
  return (
    <ConsoleShell title="Accept invitation" route={ROUTE} isPublic>
      <AcceptInvite />
    </ConsoleShell>
  );
}
