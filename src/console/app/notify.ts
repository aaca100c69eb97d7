import toast from 'react-hot-toast';

/**
 * Toasts with the specification's default texts. "Somethign went wrong" is spelled as the
 * specification spells it.
 */
export const TOAST_DEFAULTS = {
  error: 'Somethign went wrong',
  success: 'Success',
  info: 'Info',
  warning: 'Warning',
  loading: 'Loading...',
} as const;

/** Error toasts still on screen: a success that follows them says they are over. */
const shownErrors = new Set<string>();

export const notify = {
  /** A message, or a caught failure (its message; the default for anything that is not an Error). */
  error: (problem?: unknown) => {
    const message = problem instanceof Error ? problem.message : typeof problem === 'string' ? problem : undefined;
    const id = toast.error(message || TOAST_DEFAULTS.error);
    shownErrors.add(id);
    return id;
  },
  success: (message?: string) => {
    notify.dismissErrors();
    return toast.success(message || TOAST_DEFAULTS.success);
  },
  /** Takes away the error toasts still on screen: what they reported is over (a sign-in that went through). */
  dismissErrors: () => {
    for (const id of shownErrors) toast.dismiss(id);
    shownErrors.clear();
  },
  info: (message?: string) => toast(message || TOAST_DEFAULTS.info, { icon: 'ℹ️' }),
  warning: (message?: string) => toast(message || TOAST_DEFAULTS.warning, { icon: '⚠️', duration: 5000 }),
  loading: (message?: string) => toast.loading(message || TOAST_DEFAULTS.loading),
  dismiss: (id?: string) => toast.dismiss(id),
};

const PENDING_KEY = 'seedbed-notice';
type NoticeKind = 'success' | 'error' | 'info' | 'warning';

/**
 * A toast for the next page: the console's pages are separate documents, so a toast raised just
 * before `location.assign` would vanish with the old one. The next page's shell shows it.
 */
export function notifyAfterNavigation(kind: NoticeKind, message: string): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ kind, message }));
  } catch {
    notify[kind](message);
  }
}

/** Shows (once) the toast the previous page left. */
export function showPendingNotice(): void {
  try {
    const pending = sessionStorage.getItem(PENDING_KEY);
    if (!pending) return;
    sessionStorage.removeItem(PENDING_KEY);
    const { kind, message } = JSON.parse(pending) as { kind: NoticeKind; message: string };
    if (kind in notify) notify[kind](message);
  } catch {
    // Storage unavailable or a malformed entry: nothing to show.
  }
}
