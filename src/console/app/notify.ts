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

export const notify = {
  error: (message?: string) => toast.error(message || TOAST_DEFAULTS.error),
  success: (message?: string) => toast.success(message || TOAST_DEFAULTS.success),
  info: (message?: string) => toast(message || TOAST_DEFAULTS.info, { icon: 'ℹ️' }),
  warning: (message?: string) => toast(message || TOAST_DEFAULTS.warning, { icon: '⚠️', duration: 5000 }),
  loading: (message?: string) => toast.loading(message || TOAST_DEFAULTS.loading),
  dismiss: (id?: string) => toast.dismiss(id),
};
