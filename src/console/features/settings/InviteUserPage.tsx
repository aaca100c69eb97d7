import { SimpleTable } from '../../ui/SimpleTable';
import { ROUTES } from '../../app/routes';
import { lazy, useState } from 'react';
import type { Invitation, InvitationIssued } from '../../../contract/account';
import type { Page } from '../../../contract/paging';
import { ConsoleShell } from '../../app/ConsoleShell';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { FormCard } from '../../ui/FormCard';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CopyableField } from '../../ui/CopyableField';
import { LoadError } from '../../ui/LoadError';
import { settingsSubMenu } from './settings-menu';

const InviteForm = lazy(() => import('./InviteForm'));

function IssuedLink({ issued }: { issued: InvitationIssued }) {
  return (
    <div className="rounded-lg bg-emerald-50 p-4 ring-1 ring-emerald-200" data-testid="invitation-link">
      <p className="text-sm font-medium text-emerald-900">Invitation ready for {issued.invitation.email}</p>
      <p className="mt-1 text-sm text-emerald-800">
        {issued.emailSent
          ? `We emailed this link to ${issued.invitation.email}. You can also pass it on yourself.`
          : `Email is not set up on this server: copy this link and send it to ${issued.invitation.email} yourself.`}{' '}
        It works once, until {formatDate(issued.invitation.expiresAt)}.
      </p>
      <CopyableField value={issued.acceptUrl} label="Invitation link" copyLabel="Copy link" />
    </div>
  );
}

const STATUS_STYLES: Record<Invitation['status'], string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  accepted: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  revoked: 'bg-stone-100 text-stone-600 ring-stone-200',
  expired: 'bg-red-50 text-red-700 ring-red-200',
};

function InvitationList({ version, onIssued, onRevoked }: { version: number; onIssued: (issued: InvitationIssued) => void; onRevoked: (invitation: Invitation) => void }) {
  const [showAll, setShowAll] = useState(false);
  const path = `invitations?pageSize=100&sort=createdAt&order=desc${showAll ? '' : '&status=pending'}`;
  const { data, error, loading, reload } = useRequest<Page<Invitation>>(path, version);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  const act = async (invitation: Invitation, action: 'resend' | 'revoke') => {
    setBusyId(invitation.id);
    try {
      if (action === 'resend') {
        const issued = await request<InvitationIssued>(`invitations/${invitation.id}/resend`, 'POST');
        notify.success(`New link for ${invitation.email}; the old one no longer works`);
        onIssued(issued);
      } else {
        await request(`invitations/${invitation.id}/revoke`, 'POST');
        notify.success(`Invitation for ${invitation.email} revoked`);
        onRevoked(invitation);
      }
      reload();
    } catch (failure) {
      notify.error(failure);
    } finally {
      setBusyId(null);
      setRevoking(null);
    }
  };

  return (
    <Card
      title={showAll ? 'All invitations' : 'Pending invitations'}
      actions={
        <label className="flex items-center gap-2 text-sm text-stone-600">
          <input type="checkbox" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} className="size-4 accent-emerald-700" />
          Show accepted, revoked and expired
        </label>
      }
    >
      {error && <LoadError what="invitations" error={error} onRetry={reload} />}
      {!error && loading && !data && <p className="text-sm text-stone-500">Loading invitations…</p>}
      {data && data.data.length === 0 && <p className="text-sm text-stone-500">{showAll ? 'No invitations yet.' : 'No pending invitations. Invite a colleague with the form.'}</p>}
      {data && data.data.length > 0 && (
        <SimpleTable
          rows={data.data}
          rowKey={(invitation) => invitation.id}
          columns={[
            {
              header: 'Email',
              className: 'font-medium text-stone-900',
              cell: (invitation) => (
                <>
                  {invitation.email}
                  {invitation.note && <div className="max-w-xs truncate text-xs font-normal text-stone-500">{invitation.note}</div>}
                </>
              ),
            },
            { header: 'Invited by', className: 'text-stone-600', cell: (invitation) => invitation.invitedBy?.name || invitation.invitedBy?.email || '—' },
            { header: 'Sent', className: 'whitespace-nowrap text-stone-600', cell: (invitation) => formatDateTime(invitation.createdAt) },
            { header: 'Expires', className: 'whitespace-nowrap text-stone-600', cell: (invitation) => formatDate(invitation.expiresAt) },
            { header: 'Status', cell: (invitation) => <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATUS_STYLES[invitation.status]}`}>{invitation.status}</span> },
            {
              header: 'Actions',
              srOnly: true,
              align: 'right',
              className: 'whitespace-nowrap',
              cell: (invitation) => (
                <>
                  {(invitation.status === 'pending' || invitation.status === 'expired') && (
                    <Button size="sm" busy={busyId === invitation.id} onClick={() => act(invitation, 'resend')} aria-label={`Resend invitation to ${invitation.email}`}>
                      Resend
                    </Button>
                  )}
                  {invitation.status === 'pending' && (
                    <Button size="sm" variant="ghost" className="ml-1" onClick={() => setRevoking(invitation)} aria-label={`Revoke invitation to ${invitation.email}`}>
                      Revoke
                    </Button>
                  )}
                </>
              ),
            },
          ]}
        />
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this invitation?"
        confirmLabel="Revoke"
        busy={busyId !== null}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && act(revoking, 'revoke')}
      >
        The link sent to {revoking?.email} will stop working. You can invite them again later.
      </ConfirmDialog>
    </Card>
  );
}

function InviteUser() {
  const [issued, setIssued] = useState<InvitationIssued | null>(null);
  const [version, setVersion] = useState(0);
  const onIssued = (next: InvitationIssued) => {
    setIssued(next);
    setVersion((value) => value + 1);
  };
  return (
    <div className="grid gap-6">
      <div className="grid max-w-2xl content-start gap-4">
        <FormCard title="Invite a colleague" description="They get a link to create their account. It works once and expires after 7 days.">
          <InviteForm onIssued={onIssued} />
        </FormCard>
        {issued && <IssuedLink issued={issued} />}
      </div>
      {/* A revoked invitation's link is dead: its panel goes with it. */}
      <InvitationList version={version} onIssued={onIssued} onRevoked={(invitation) => setIssued((shown) => (shown?.invitation.id === invitation.id ? null : shown))} />
    </div>
  );
}

export default function InviteUserPage() {
  return (
    <ConsoleShell title="Invite User" route={ROUTES.inviteUser} subMenu={settingsSubMenu}>
      <InviteUser />
    </ConsoleShell>
  );
}
