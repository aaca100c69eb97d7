import { PRODUCT_NAME } from './brand';

export function Logo() {
  return (
    <a
      href="/"
      className="flex items-center gap-2 rounded-md px-1 py-1 font-semibold tracking-tight text-white focus-visible:outline-2 focus-visible:outline-white"
      aria-label={`${PRODUCT_NAME} home`}
    >
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#ecfdf5" />
        <path d="M16 26V15" stroke="#065f46" strokeWidth="2.4" strokeLinecap="round" />
        <path d="M16 17c0-5 3.5-8 9-8 0 5.5-3.5 8-9 8Z" fill="#10b981" />
        <path d="M16 20c0-4-2.8-6.5-7.5-6.5 0 4.5 2.8 6.5 7.5 6.5Z" fill="#34d399" />
        <path d="M9 26h14" stroke="#92400e" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      <span className="text-lg">{PRODUCT_NAME}</span>
    </a>
  );
}
