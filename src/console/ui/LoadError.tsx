import { Button } from './Button';

/** A failed load says what failed and offers to try again; it never shows as an empty list. */
export function LoadError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
      <span>
        Could not load {what}: {error.message}
      </span>
      <Button size="sm" onClick={onRetry} className="ml-auto">
        Retry
      </Button>
    </div>
  );
}
