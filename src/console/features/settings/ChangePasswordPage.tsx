import { ROUTES } from '../../app/routes';
import { useStore } from '@nanostores/react';
import { lazy } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { $user } from '../../session/session';
import { FormCard } from '../../ui/FormCard';
import { settingsSubMenu } from './settings-menu';

const ChangePasswordForm = lazy(() => import('./ChangePasswordForm'));

function ChangePassword() {
  const user = useStore($user);
  if (!user) return null;
  return (
    <FormCard
      title="Change password"
      description={
        <>
          Every other place you are signed in will be signed out; this one stays. Your API tokens keep working: revoke them on{' '}
          <a href={ROUTES.profile} className="font-medium text-emerald-700 hover:underline">
            your profile
          </a>
          .
        </>
      }
    >
      <ChangePasswordForm email={user.email} />
    </FormCard>
  );
}

export default function ChangePasswordPage() {
  return (
    <ConsoleShell title="Change password" route={ROUTES.changePassword} subMenu={settingsSubMenu}>
      <ChangePassword />
    </ConsoleShell>
  );
}
