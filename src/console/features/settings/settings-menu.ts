import type { MenuEntry } from '../../app/navigation';

/** The section sub-menu shared by the settings pages. */
export const settingsSubMenu: MenuEntry[] = [
  { label: 'Profile', href: '/settings/profile/view' },
  { label: 'Change password', href: '/settings/profile/change-password' },
  { label: 'Invite User', href: '/manage/invite-user' },
];
