import { useState } from 'react';
import type { VcfPreview } from '../../../contract/previews';
import { LoadError } from '../../ui/LoadError';
import { SimpleTable } from '../../ui/SimpleTable';
import { ColumnWindow } from './ColumnWindow';
import { PreviewPaging } from './PreviewPaging';
import { usePreviewPages } from './use-preview-pages';

interface Row {
  number: number;
  fixed: string[];
  samples: string[];
}

/** A VCF: its ## header folded away, then records with the samples as columns, paged down (records) and across (samples). */
export function VcfView({ fileId, initial }: { fileId: number; initial: VcfPreview }) {
  const [sampleOffset, setSampleOffset] = useState(0);
  const query = sampleOffset === 0 ? '' : `columnOffset=${sampleOffset}`;
  const { pages, error, loading, loadMore, retry } = usePreviewPages<VcfPreview>(fileId, query, initial);
  const first = pages[0];
  if (!first) return error ? <LoadError what="the VCF" error={error} onRetry={retry} /> : <p className="text-sm text-stone-500">Loading…</p>;
  const rows: Row[] = pages.flatMap((page) => page.rows.map((row, index) => ({ number: page.firstRow + index, ...row })));
  const more = pages.at(-1)?.nextCursor != null;
  return (
    <div>
      <details className="mb-3 text-sm">
        <summary className="cursor-pointer text-stone-700">
          Header: {first.metaLineCount.toLocaleString('en')} ## lines{first.meta.length < first.metaLineCount ? ` (the first ${first.meta.length.toLocaleString('en')} shown)` : ''}
        </summary>
        <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-stone-50 p-3 font-mono text-xs text-stone-700">{first.meta.join('\n')}</pre>
      </details>
      <div className="mb-3 flex flex-wrap items-center gap-3 text-sm text-stone-600">
        <span>{first.sampleWindow.total.toLocaleString('en')} samples</span>
        <ColumnWindow window={first.sampleWindow} shown={first.samples.length} unit="samples" onChange={setSampleOffset} />
      </div>
      <SimpleTable<Row>
        label={`Records of the VCF, ${rows.length} loaded`}
        dense
        rows={rows}
        rowKey={(row) => row.number}
        columns={[
          ...first.fixedColumns.map((name, index) => ({ header: name, className: 'font-mono text-xs text-stone-800', cell: (row: Row) => row.fixed[index] ?? '' })),
          ...first.samples.map((name, index) => ({ header: name, className: 'font-mono text-xs text-stone-600', cell: (row: Row) => row.samples[index] ?? '' })),
        ]}
      />
      <PreviewPaging shown={rows.length} unit="records" more={more} loading={loading} error={pages.length > 0 ? error : undefined} onMore={loadMore} onRetry={retry} />
    </div>
  );
}
