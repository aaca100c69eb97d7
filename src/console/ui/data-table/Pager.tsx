import type { Pagination } from '../../../contract/paging';
import { Button } from '../Button';
import { PAGE_SIZES } from './table-state';

/** The rows per page a reader may choose, and the size the address asked for when it is another. */
function PageSizeSelect({ pageSize, onPageSize }: { pageSize: number; onPageSize: (pageSize: number) => void }) {
  return (
    <label className="ml-auto flex items-center gap-2">
      Rows per page
      <select value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))} className="rounded-md border border-stone-300 bg-white px-2 py-1">
        {[...new Set([...PAGE_SIZES, pageSize])]
          .sort((a, b) => a - b)
          .map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
      </select>
    </label>
  );
}

/**
 * The footer under a paged list: which rows of how many, the page, the previous and next page, and
 * the rows per page where the reader may choose them (`onPageSize`; a list of fixed pages leaves it out).
 * `page` is the page asked for, which may be ahead of the page shown while it loads.
 */
export function Pager({
  label,
  pagination,
  page,
  onPage,
  pageSizeChoice,
  busy = false,
}: {
  /** The pager's name for assistive technology: 'Progeny pages'. */
  label: string;
  pagination: Pagination;
  page: number;
  onPage: (page: number) => void;
  pageSizeChoice?: { pageSize: number; onPageSize: (pageSize: number) => void };
  busy?: boolean;
}) {
  const { currentPage, pageSize, totalCount, totalPages } = pagination;
  return (
    <nav aria-label={label} aria-busy={busy} className="flex flex-wrap items-center gap-3 border-t border-stone-100 px-4 py-3 text-sm text-stone-600">
      <span role="status">
        {(currentPage * pageSize + 1).toLocaleString()}–{Math.min((currentPage + 1) * pageSize, totalCount).toLocaleString()} of {totalCount.toLocaleString()}
      </span>
      {pageSizeChoice && <PageSizeSelect {...pageSizeChoice} />}
      <span className={pageSizeChoice ? undefined : 'ml-auto'}>
        Page {currentPage + 1} of {Math.max(1, totalPages)}
      </span>
      <Button size="sm" disabled={page === 0} onClick={() => onPage(page - 1)} aria-label="Previous page">
        ‹ Previous
      </Button>
      <Button size="sm" disabled={page + 1 >= totalPages} onClick={() => onPage(page + 1)} aria-label="Next page">
        Next ›
      </Button>
    </nav>
  );
}
