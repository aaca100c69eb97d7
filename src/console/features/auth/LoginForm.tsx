import { loginRequestSchema, type LoginRequest } from '../../../contract/auth';
import { isLoginRoute } from '../../app/navigation';
import { notify } from '../../app/notify';
import { sameOriginPath } from '../../lib/safe-redirect';
import { login } from '../../session/session';
import { reportSubmitError, useSchemaForm, visibleError } from '../../ui/forms';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

/** Where to go after signing in on the login page itself: `?next=` when it stays on this site, else home. */
function destinationAfterLogin(): string | null {
  if (!isLoginRoute(window.location.pathname)) return null; // shown in place: stay on this page
  return sameOriginPath(new URLSearchParams(window.location.search).get('next'), window.location.origin);
}

export function LoginForm() {
  const form = useSchemaForm<LoginRequest>(loginRequestSchema, { email: '', password: '' });
  const { register, handleSubmit, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login(values);
      // "Wrong email or password" from an earlier try must not stay over the page just opened.
      notify.dismissErrors();
      const destination = destinationAfterLogin();
      if (destination) window.location.assign(destination);
    } catch (error) {
      reportSubmitError(form, error);
    }
  });

  return (
    <div className="flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-sm ring-1 ring-stone-200">
        <h1 className="text-2xl font-semibold tracking-tight text-stone-900">Login</h1>
        <p className="mt-1 text-sm text-stone-500">Sign in to launch pipelines and manage breeding data.</p>
        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate aria-label="Login">
          <TextField label="Email" type="email" autoComplete="username" required error={visibleError(form, 'email')} {...register('email')} />
          <TextField label="Password" type="password" autoComplete="current-password" required error={visibleError(form, 'password')} {...register('password')} />
          <SubmitButton busy={formState.isSubmitting} busyLabel="Signing in…">
            Submit
          </SubmitButton>
        </form>
      </div>
    </div>
  );
}
