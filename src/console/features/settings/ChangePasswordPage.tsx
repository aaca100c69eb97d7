import { ROUTES } from '../../app/routes';
import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { $user } from '../../session/session';
import { Card } from '../../ui/Card';
import { settingsSubMenu } from './settings-menu';

const ChangePasswordForm = lazy(() => import('./ChangePasswordForm'));

function ChangePassword() {
  const user = useStore($user);
  if (!user) return null;
  return (
    <Card title="Change password" description="Every other place you are signed in will be signed out; this one stays.">
      <Suspense fallback={<p className="text-sm text-stone-500">Loading the form…</p>}>
        <ChangePasswordForm email={user.email} />
      </Suspense>
    </Card>
  );
}

export default function ChangePasswordPage() {
  return (
    <ConsoleShell title="Change password" route={ROUTES.changePassword} subMenu={settingsSubMenu}>
      <ChangePassword />
    </ConsoleShell>
  );
}
