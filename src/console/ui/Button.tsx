import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';

const variants = {
  primary: 'bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-emerald-700',
  secondary: 'bg-white text-stone-700 shadow-sm ring-1 ring-stone-300 hover:bg-stone-50 focus-visible:outline-emerald-700',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-red-600',
  ghost: 'text-stone-600 hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-emerald-700',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: 'sm' | 'md';
  busy?: boolean;
}

/** Every button states its type; a busy button shows a spinner and cannot be pressed again. */
export function Button({ variant = 'secondary', size = 'md', busy = false, type = 'button', className = '', disabled, children, ...rest }: ButtonProps) {
  const sizing = size === 'sm' ? 'px-2.5 py-1.5 text-xs' : 'px-4 py-2 text-sm';
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-md font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${sizing} ${variants[variant]} ${className}`}
      {...rest}
    >
      {busy && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
