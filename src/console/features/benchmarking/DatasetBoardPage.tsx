import { lazy, Suspense, useEffect } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { useRecordId } from '../../lib/use-record-id';
import { useRequest } from '../../lib/use-request';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { loadDatasetBoard } from './dataset-board-loading';

/** The board (its tables, charts and costs) is fetched while the dataset's runs load; it draws them once they are in. */
const loadBoard = () => import('./DatasetBoard');
const Board = lazy(() => loadBoard().then((module) => ({ default: module.Board })));

/**
 * `/benchmarking/datasets/board?id=`: one dataset's board. Every run ever labelled with the
 * dataset (any benchmark) is found; each method's detection (power–FDR area, F1, type I error) and
 * prediction (r, ρ, RMSE, bias per scheme) as mean [95 % interval] over its runs, with its time,
 * CPU and peak memory, sortable and exportable; runs that failed are listed, never scored.
 */
export default function DatasetBoardPage() {
  const id = useRecordId();
  const board = useRequest(id ? () => loadDatasetBoard(id) : null, id);
  useEffect(() => {
    if (id) loadBoard().catch(() => undefined); // a failed load shows where the board is drawn: React.lazy throws it there
  }, [id]);
  return (
    <ConsoleShell title="Dataset board" route={ROUTES.datasetBoard} backHref={ROUTES.filesets} backLabel="Filesets">
      {id === undefined ? null : id === null ? (
        <LoadError
          what="the board"
          error={new Error('this page needs ?id= with the dataset’s fileset number (open it from the dataset’s fileset page)')}
          onRetry={() => window.location.assign(ROUTES.filesets)}
        />
      ) : board.error ? (
        <LoadError what="the board" error={board.error} onRetry={board.reload} />
      ) : !board.data ? (
        <LoadingOverlay />
      ) : (
        <Suspense fallback={<LoadingOverlay />}>
          <Board board={board.data} reloading={board.loading} onReload={board.reload} />
        </Suspense>
      )}
    </ConsoleShell>
  );
}
