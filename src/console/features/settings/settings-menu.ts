import { ROUTES } from '../../app/routes';
import type { MenuEntry } from '../../app/navigation';

/** The section sub-menu shared by the settings pages. */
export const settingsSubMenu: MenuEntry[] = [
  { label: 'Profile', href: ROUTES.profile },
  { label: 'Change password', href: ROUTES.changePassword },
  { label: 'Invite User', href: ROUTES.inviteUser },
];
