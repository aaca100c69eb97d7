import { useStore } from '@nanostores/react';
import { profileUpdateSchema, type ProfileUpdate } from '../../../contract/account';
import type { User } from '../../../contract/auth';
import { ConsoleShell } from '../../app/ConsoleShell';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { $user, setSessionUser } from '../../session/session';
import { Card } from '../../ui/Card';
import { reportSubmitError, useSchemaForm, visibleError } from '../../ui/forms';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { settingsSubMenu } from './settings-menu';

function ProfileForm({ user }: { user: User }) {
  const form = useSchemaForm<ProfileUpdate>(profileUpdateSchema, { name: user.name, email: user.email });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await request<User>('profile', 'PATCH', values);
      setSessionUser(updated);
      form.reset({ name: updated.name, email: updated.email });
      notify.success('Profile saved');
    } catch (error) {
      reportSubmitError(form, error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit profile" className="grid max-w-lg gap-4">
      <TextField label="Name" autoComplete="name" required error={visibleError(form, 'name')} {...form.register('name')} />
      <TextField label="Email" type="email" autoComplete="email" required error={visibleError(form, 'email')} hint="You sign in with this address." {...form.register('email')} />
      <div>
        <SubmitButton busy={form.formState.isSubmitting} className="w-auto">
          Save changes
        </SubmitButton>
      </div>
    </form>
  );
}

function ProfileDetails() {
  const user = useStore($user);
  if (!user) return null;
  const facts: Array<[string, string]> = [
    ['Name', user.name || '—'],
    ['Email', user.email],
    ['Member since', formatDateTime(user.createdAt)],
    ['Last sign-in', formatDateTime(user.lastLoginAt)],
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
      <Card title="Edit profile" description="Your name appears on runs you launch and invitations you send.">
        <ProfileForm key={user.id} user={user} />
      </Card>
    </div>
  );
}

export default function ProfilePage() {
  return (
    <ConsoleShell title="Profile" route="/settings/profile/view" subMenu={settingsSubMenu}>
      <ProfileDetails />
    </ConsoleShell>
  );
}
