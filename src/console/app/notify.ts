import { atom } from 'nanostores';

type Toast = typeof import('react-hot-toast').default;

/**
 * react-hot-toast and its styles load with the first toast, not with every page: most pages never
 * show one. `$toastsShown` tells the shell to mount the Toaster from then on.
 */
export const $toastsShown = atom(false);
let toastModule: Promise<Toast> | undefined;
export const loadToast = () => {
  toastModule ??= import('react-hot-toast').then(
    (module) => module.default,
    (error: unknown) => {
      toastModule = undefined; // the next toast tries again
      throw error;
    },
  );
  return toastModule;
};

let lastId = 0;
/**
 * Runs a toast call once the module is in. The id is ours, so callers have it at once; the calls
 * run in the order they were made (a dismiss never overtakes the toast it dismisses).
 */
function withToast(message: string, call: (toast: Toast, id: string) => unknown): string {
  lastId += 1;
  const id = `notice-${lastId}`;
  $toastsShown.set(true);
  loadToast().then(
    (toast) => call(toast, id),
    (error: unknown) => console.error(`The notification "${message}" could not be shown: its code did not load (${String(error)}). Reload the page.`),
  );
  return id;
}

/** A dismissal waits for the module too; if it never loaded, no toast was shown (each said so), so there is nothing to take away. */
function dismissWhenLoaded(call: (toast: Toast) => void): void {
  loadToast().then(call, () => undefined);
}

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
    const message = (problem instanceof Error ? problem.message : typeof problem === 'string' ? problem : undefined) || TOAST_DEFAULTS.error;
    const id = withToast(message, (toast, id) => toast.error(message, { id }));
    shownErrors.add(id);
    return id;
  },
  success: (message?: string) => {
    notify.dismissErrors();
    const text = message || TOAST_DEFAULTS.success;
    return withToast(text, (toast, id) => toast.success(text, { id }));
  },
  /** Takes away the error toasts still on screen: what they reported is over (a sign-in that went through). */
  dismissErrors: () => {
    if (shownErrors.size === 0) return;
    const ids = [...shownErrors];
    shownErrors.clear();
    dismissWhenLoaded((toast) => {
      for (const id of ids) toast.dismiss(id);
    });
  },
  info: (message?: string) => {
    const text = message || TOAST_DEFAULTS.info;
    return withToast(text, (toast, id) => toast(text, { id, icon: 'ℹ️' }));
  },
  warning: (message?: string) => {
    const text = message || TOAST_DEFAULTS.warning;
    return withToast(text, (toast, id) => toast(text, { id, icon: '⚠️', duration: 5000 }));
  },
  loading: (message?: string) => {
    const text = message || TOAST_DEFAULTS.loading;
    return withToast(text, (toast, id) => toast.loading(text, { id }));
  },
  dismiss: (id?: string) => dismissWhenLoaded((toast) => toast.dismiss(id)),
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
