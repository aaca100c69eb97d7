import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { $toastsShown, showPendingNotice } from './notify';
import { $session, checkSession } from '../session/session';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { TooltipLayer } from '../ui/tooltip';
import { COPYRIGHT_LINE, PRODUCT_NAME } from './brand';
import { isLoginRoute, type MenuEntry } from './navigation';
import { SubMenu } from './SubMenu';
import { TopNav } from './TopNav';

// Loaded only when someone must sign in, so signed-in pages do not carry the form's code.
const LoginForm = lazy(() => import('../features/auth/LoginForm').then((module) => ({ default: module.LoginForm })));
// Mounted with the first toast (see notify.ts), so pages that show none do not load it.
const Toaster = lazy(() => import('react-hot-toast').then((module) => ({ default: module.Toaster })));

export interface ConsoleShellProps {
  /** Heading of the page. */
  title: string;
  /** The tab says the heading too (“Lineage of run x · Seedbed”): for a page about one record, which a tab of the product's name alone would not tell apart. */
  titleInTab?: boolean;
  /** The route this page is served at (known at build time, so the first paint is right). */
  route: string;
  children?: ReactNode;
  /** Opens without signing in. */
  isPublic?: boolean;
  /** Makes no API call at all, not even the session check (the demo). */
  offline?: boolean;
  /** Section sub-menu under the top bar. */
  subMenu?: MenuEntry[];
  /** A back button to this address. */
  backHref?: string;
  backLabel?: string;
  /** Right-hand slot of the page header. */
  actions?: ReactNode;
}

/** The frame around every console page, and the gate that shows the login form to signed-out visitors. */
export function ConsoleShell({ title, route, children, isPublic = false, offline = false, subMenu, backHref, backLabel = 'Back', actions, titleInTab = false }: ConsoleShellProps) {
  const session = useStore($session);
  const toastsShown = useStore($toastsShown);
  const [pathname, setPathname] = useState(route);
  // The login form appears only once the page is interactive: a form drawn by the server but not
  // yet hydrated would take typing and then lose it.
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    setPathname(window.location.pathname);
    showPendingNotice();
    if (!offline) void checkSession();
  }, [offline]);

  useEffect(() => {
    if (titleInTab) document.title = `${title} · ${PRODUCT_NAME}`;
  }, [titleInTab, title]);

  const onLoginPath = isLoginRoute(route);
  const showPage = isPublic || session.status === 'signed-in';
  let content: ReactNode;
  if (showPage) {
    content = (
      <>
        <PageHeader title={title} backHref={backHref} backLabel={backLabel} actions={actions} />
        <ErrorBoundary what="this page">{children}</ErrorBoundary>
      </>
    );
  } else if (session.status === 'unknown' && !onLoginPath) {
    content = <LoadingOverlay />;
  } else {
    content = hydrated ? (
      <Suspense fallback={<LoadingOverlay />}>
        <LoginForm />
      </Suspense>
    ) : null;
  }

  return (
    <div className="flex min-h-screen flex-col bg-stone-50 text-stone-900">
      <TopNav pathname={pathname} />
      {showPage && subMenu && <SubMenu entries={subMenu} pathname={pathname} />}
      <main className="mx-auto w-full max-w-screen-2xl flex-1 px-4 py-6 sm:px-6">{content}</main>
      <footer className="border-t border-stone-200 bg-white">
        <p className="mx-auto max-w-screen-2xl px-6 py-4 text-center text-xs text-stone-500">{COPYRIGHT_LINE}</p>
      </footer>
      {toastsShown && (
        <Suspense fallback={null}>
          {/* Top-centre as the specification has it, below the top menu (h-14) so that a toast never covers it. */}
          <Toaster position="top-center" containerStyle={{ top: 64 }} toastOptions={{ duration: 4000 }} />
        </Suspense>
      )}
      <TooltipLayer />
    </div>
  );
}

function PageHeader({ title, backHref, backLabel, actions }: { title: string; backHref?: string | undefined; backLabel: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3">
      {backHref && (
        <a href={backHref} className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-stone-600 ring-1 ring-stone-300 hover:bg-white hover:text-stone-900">
          <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
            <path d="M12 5l-5 5 5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          {backLabel}
        </a>
      )}
      {/* A run's name has no spaces to break at: it wraps anywhere rather than widen the page. */}
      <h1 className="min-w-0 text-2xl font-semibold tracking-tight wrap-anywhere text-stone-900">{title}</h1>
      {actions && <div className="ml-auto flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
