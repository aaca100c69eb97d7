import { lazy, Suspense, useState } from 'react';
import type { ApiToken, ApiTokenIssued } from '../../../contract/account';
import { notify } from '../../app/notify';
import { API_BASE_URL, request } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CopyButton } from '../../ui/CopyButton';
import { CopyableField } from '../../ui/CopyableField';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { SimpleTable } from '../../ui/SimpleTable';

const ApiTokenForm = lazy(() => import('./ApiTokenForm'));

/** The new token, shown this once, with a call to try it with. */
function IssuedToken({ issued }: { issued: ApiTokenIssued }) {
  const apiAddress = new URL(API_BASE_URL, window.location.href).href;
  const example = `curl -H "Authorization: Bearer ${issued.token}" ${apiAddress}runs`;
  return (
    <div className="rounded-lg bg-emerald-50 p-4 ring-1 ring-emerald-200" data-testid="api-token-issued">
      <p className="text-sm font-medium text-emerald-900">API token {issued.apiToken.name} is ready</p>
      <p className="mt-1 text-sm text-emerald-800">
        Copy it now: Seedbed keeps only a fingerprint of it and cannot show it again. It acts as you, on the API and on BrAPI ({apiAddress.replace(/api\/$/, 'brapi/v2/')}),{' '}
        {issued.apiToken.expiresAt ? `until ${formatDate(issued.apiToken.expiresAt)}` : 'until you revoke it'}.
      </p>
      <CopyableField value={issued.token} label="API token" copyLabel="Copy token" />
      <p className="mt-3 text-xs text-emerald-800">Try it:</p>
      {/* Under the command on a phone, where beside it would leave the command a few letters wide. */}
      <div className="mt-1 flex flex-col items-start gap-2 sm:flex-row">
        <code className="w-full min-w-0 flex-1 break-all rounded-md bg-white px-3 py-1.5 font-mono text-xs text-stone-700 ring-1 ring-emerald-200">{example}</code>
        <CopyButton text={example} label="Copy command" />
      </div>
    </div>
  );
}

/** An expired token is only taken off the list; a live one is revoked. */
const verbFor = (token: ApiToken) => (token.expired ? 'Delete' : 'Revoke');

function expiryOf(token: ApiToken): string {
  if (!token.expiresAt) return 'Never';
  return token.expired ? `Expired ${formatDate(token.expiresAt)}` : formatDate(token.expiresAt);
}

function TokenList({ version, onRevoked }: { version: number; onRevoked: (token: ApiToken) => void }) {
  const { data, error, loading, reload } = useRequest<{ data: ApiToken[] }>('profile/tokens', version);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [busy, setBusy] = useState(false);

  const revoke = async (token: ApiToken) => {
    setBusy(true);
    try {
      await request(`profile/tokens/${token.id}`, 'DELETE');
      notify.success(token.expired ? `API token ${token.name} deleted` : `API token ${token.name} revoked`);
      onRevoked(token);
      reload();
    } catch (failure) {
      notify.error(failure);
      // Revoked in another tab, say: the list shows what is left.
      reload();
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  };

  if (error) return <LoadError what="your API tokens" error={error} onRetry={reload} />;
  if (loading && !data) return <p className="text-sm text-stone-500">Loading your API tokens…</p>;
  if (!data) return null;
  if (data.data.length === 0) return <p className="text-sm text-stone-500">No API tokens yet. Create one for a script, a notebook or a BrAPI client such as Field Book.</p>;
  return (
    <>
      <SimpleTable
        rows={data.data}
        rowKey={(token) => token.id}
        columns={[
          // Its dates under its name, so that the table fits a phone with its Revoke button in view.
          {
            header: 'Name',
            className: 'font-medium text-stone-900',
            cell: (token) => (
              <>
                {token.name}
                <div className="text-xs font-normal text-stone-500">
                  Created {formatDateTime(token.createdAt)} · {token.lastUsedAt ? `Last used ${formatDateTime(token.lastUsedAt)}` : 'Never used'}
                </div>
              </>
            ),
          },
          { header: 'Expires', className: 'whitespace-nowrap', cell: (token) => <span className={token.expired ? 'font-medium text-red-700' : 'text-stone-600'}>{expiryOf(token)}</span> },
          {
            header: 'Actions',
            srOnly: true,
            align: 'right',
            cell: (token) => (
              <Button size="sm" variant="ghost" onClick={() => setRevoking(token)} aria-label={`${verbFor(token)} API token ${token.name}`}>
                {verbFor(token)}
              </Button>
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? `${verbFor(revoking)} API token ${revoking.name}?` : ''}
        confirmLabel={revoking ? verbFor(revoking) : 'Revoke'}
        busy={busy}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke(revoking)}
      >
        {revoking?.expired
          ? 'It stopped working when it expired; this takes it off the list.'
          : 'Every script and client that uses it is refused from now on. This cannot be undone; create a new token for them instead.'}
      </ConfirmDialog>
    </>
  );
}

/** The profile's API tokens: for scripts and BrAPI clients, which cannot sign in with a password. */
export function ApiTokens() {
  const [issued, setIssued] = useState<ApiTokenIssued | null>(null);
  const [version, setVersion] = useState(0);
  return (
    <Card
      title="API tokens"
      description="For scripts, notebooks and BrAPI clients: a token acts as you without your password. It keeps working after a password change; revoke the ones you no longer use."
    >
      <div className="grid gap-6">
        {/* Only the form waits for its code: the list shows meanwhile. */}
        <Suspense fallback={<p className="text-sm text-stone-500">Loading the form…</p>}>
          <ApiTokenForm
            onIssued={(next) => {
              setIssued(next);
              setVersion((value) => value + 1);
            }}
          />
        </Suspense>
        {issued && <IssuedToken issued={issued} />}
        {/* A revoked token's panel goes with it. */}
        <TokenList version={version} onRevoked={(token) => setIssued((shown) => (shown?.apiToken.id === token.id ? null : shown))} />
      </div>
    </Card>
  );
}
