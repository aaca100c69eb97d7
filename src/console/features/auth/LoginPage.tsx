import { useEffect } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { LOGIN_ROUTE } from '../../app/navigation';
import { LoadingOverlay } from '../../ui/LoadingOverlay';

/** Someone already signed in who opens the login page is sent home. */
function GoHome() {
  useEffect(() => window.location.replace('/'), []);
  return <LoadingOverlay />;
}

export default function LoginPage() {
  return (
    <ConsoleShell title="Login" route={LOGIN_ROUTE}>
      <GoHome />
    </ConsoleShell>
  );
}
