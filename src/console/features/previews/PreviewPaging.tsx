import { Button } from '../../ui/Button';
import { LoadError } from '../../ui/LoadError';

/** Under a paged preview: how much is shown, a failed load with its retry, and Load more while the file goes on. */
export function PreviewPaging({
  shown,
  unit,
  more,
  loading,
  error,
  onMore,
  onRetry,
}: {
  shown: number;
  unit: string;
  more: boolean;
  loading: boolean;
  error: Error | undefined;
  onMore: () => void;
  onRetry: () => void;
}) {
  return (
    <div className="mt-3 flex flex-col gap-2">
      {error && <LoadError what={`more ${unit}`} error={error} onRetry={onRetry} />}
      <div className="flex flex-wrap items-center gap-3 text-sm text-stone-600">
        <span>
          {shown.toLocaleString('en')} {unit} shown{more ? '' : ', the whole file'}
        </span>
        {more && (
          <Button size="sm" onClick={onMore} busy={loading}>
            Load more
          </Button>
        )}
      </div>
    </div>
  );
}
