import { ROUTES, viewRoute } from '../../app/routes';

/**
 * The results pages' own addresses beside `?id=` (a fileset's scores, see `viewRoute`): a
 * benchmark's scores and a prediction dataset's leaderboard. These query parameters are what
 * bookmarks and the docs link to; they do not change.
 */

/** A benchmark (a run group) scored on its results page (`?group=`). */
export const benchmarkResultsRoute = (resultsRoute: string, groupId: number | string) => `${resultsRoute}?group=${groupId}`;

/** A prediction dataset's leaderboard (`?dataset=`). */
export const leaderboardRoute = (datasetId: number | string) => `${ROUTES.predictionResults}?dataset=${datasetId}`;

/** A dataset's board: every method benchmarked on it, with cost (`?id=` the dataset's fileset). */
export const datasetBoardRoute = (datasetId: number | string) => viewRoute(ROUTES.datasetBoard, datasetId);
