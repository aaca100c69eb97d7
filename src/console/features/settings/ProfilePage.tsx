import { ROUTES } from '../../app/routes';
import { useStore } from '@nanostores/react';
import { lazy } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { formatDateTime } from '../../lib/format';
import { $user } from '../../session/session';
import { Card } from '../../ui/Card';
import { FormCard } from '../../ui/FormCard';
import { settingsSubMenu } from './settings-menu';
import { ApiTokens } from './ApiTokens';

const ProfileForm = lazy(() => import('./ProfileForm'));

function ProfileDetails() {
  const user = useStore($user);
  if (!user) return null;
  const facts: Array<[string, string]> = [
    ['Name', user.name || '—'],
    ['Email', user.email],
    ['Member since', formatDateTime(user.createdAt)],
    // The server sends the sign-in before this session's, none when this session's was the first
    // (the one that accepted the invitation, or the administrator's first).
    ['Last sign-in', user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'This is your first sign-in'],
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Your account">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-3 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-stone-500">{term}</dt>
              <dd className="font-medium text-stone-900" data-testid={`profile-${term.toLowerCase().replace(/\s+/g, '-')}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      <FormCard title="Edit profile" description="Your name appears on runs you launch and invitations you send.">
        <ProfileForm key={user.id} user={user} />
      </FormCard>
      <div className="lg:col-span-2">
        <ApiTokens />
      </div>
    </div>
  );
}

export default function ProfilePage() {
  return (
    <ConsoleShell title="Profile" route={ROUTES.profile} subMenu={settingsSubMenu}>
      <ProfileDetails />
    </ConsoleShell>
  );
}
