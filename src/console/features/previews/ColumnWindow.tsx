import { PREVIEW_COLUMNS } from '../../../contract/previews';
import { Button } from '../../ui/Button';

/** Which columns (a table's, or a VCF's samples) the page shows, with the previous and next window. */
export function ColumnWindow({ window, shown, unit, onChange }: { window: { offset: number; total: number }; shown: number; unit: string; onChange: (offset: number) => void }) {
  if (window.total <= shown && window.offset === 0) return null;
  const step = PREVIEW_COLUMNS;
  return (
    <span className="ml-auto inline-flex items-center gap-2">
      <span>
        {unit} {(window.offset + 1).toLocaleString('en')}–{(window.offset + shown).toLocaleString('en')} of {window.total.toLocaleString('en')}
      </span>
      <Button size="sm" disabled={window.offset === 0} onClick={() => onChange(Math.max(0, window.offset - step))}>
        Previous {unit}
      </Button>
      <Button size="sm" disabled={window.offset + shown >= window.total} onClick={() => onChange(window.offset + step)}>
        Next {unit}
      </Button>
    </span>
  );
}
