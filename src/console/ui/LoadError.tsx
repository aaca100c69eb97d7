import { RequestError } from '../lib/api';
import { Button } from './Button';

/** The way back from a record that does not exist: its list. */
export interface WayBack {
  href: string;
  label: string;
}

/**
 * A failed load says what failed and offers to try again; it never shows as an empty list. A
 * record that does not exist (404) is said plainly, in the API's words, with the way back when
 * given: a retry could not help it.
 */
export function LoadError({ what, error, onRetry, back }: { what: string; error: Error; onRetry: () => void; back?: WayBack }) {
  if (error instanceof RequestError && error.status === 404) {
    return (
      <div role="status" data-testid="not-found" className="rounded-lg bg-stone-50 px-4 py-3 text-sm text-stone-700 ring-1 ring-stone-200">
        {error.message}
        {/* Unless the API's words said it already ("it was deleted, or never existed"). */}
        {/deleted/i.test(error.message) ? '' : ' It may have been deleted, or the link is wrong.'}
        {back ? (
          <>
            {' '}
            <a className="text-emerald-800 hover:underline" href={back.href}>
              {back.label}
            </a>
            .
          </>
        ) : null}
      </div>
    );
  }
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
