import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { tooltipProps } from '../ui/tooltip';
import { $user, isSignedIn, logout } from '../session/session';
import { Dropdown } from './Dropdown';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { dropdownMenus, normalizePath, settingsMenu, topLinks, type MenuEntry, type MenuSection } from './navigation';
import { notify } from './notify';

function signOut() {
  logout().catch((error: Error) => notify.error(error.message));
}

const links: MenuEntry[] = [topLinks.runs, topLinks.runGroups];

/** The top bar: only the logo until someone is signed in, then every menu. */
export function TopNav({ pathname }: { pathname: string }) {
  const user = useStore($user);
  const settings = useMemo(() => settingsMenu(signOut), []);
  const current = normalizePath(pathname);
  const isCurrent = (entry: MenuEntry) => entry.href !== undefined && (current === entry.href || current.startsWith(`${entry.href}/`));
  const sectionIsCurrent = (section: MenuSection) => section.entries.some(isCurrent);
  const signedIn = isSignedIn(user);

  const linkClass = (entry: MenuEntry) =>
    `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-white ${
      isCurrent(entry) ? 'bg-emerald-800 text-white' : 'text-emerald-50'
    }`;

  return (
    <header className="relative z-30 bg-emerald-900 shadow-sm">
      <div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-2 px-4">
        <Logo />
        {signedIn && (
          <>
            <nav aria-label="Main" className="ml-4 hidden flex-1 items-center gap-0.5 md:flex">
              {links.map((entry) => (
                <a key={entry.label} href={entry.href} className={linkClass(entry)} aria-current={isCurrent(entry) ? 'page' : undefined} {...tooltipProps(entry.tooltip)}>
                  {entry.label}
                </a>
              ))}
              {dropdownMenus.map((section) => (
                <Dropdown key={section.label} section={section} active={sectionIsCurrent(section)} />
              ))}
              <a href={topLinks.docs.href} className={linkClass(topLinks.docs)} {...tooltipProps(topLinks.docs.tooltip)}>
                {topLinks.docs.label}
              </a>
              <div className="ml-auto flex items-center gap-2">
                <span className="hidden max-w-48 truncate text-sm text-emerald-200 lg:inline" title={user.email}>
                  {user.name || user.email}
                </span>
                <Dropdown section={settings} align="right" active={sectionIsCurrent(settings)} />
              </div>
            </nav>
            <div className="ml-auto md:hidden">
              <MobileMenu links={[...links, topLinks.docs]} sections={[...dropdownMenus, settings]} />
            </div>
          </>
        )}
      </div>
    </header>
  );
}
