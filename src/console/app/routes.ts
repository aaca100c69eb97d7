import { MENU_PIPELINES } from '../../contract/launch-menu';

/**
 * Every console route, once: the navigation, the pages' links and redirects, and the docs' link
 * checker (astro.config.mjs) read them from here. Detail pages take `?id=`.
 */
export const ROUTES = {
  home: '/',
  login: '/auth/login',
  demo: '/demo',
  runs: '/tools/pipeline/monitor/pipeline-run/list',
  runView: '/tools/pipeline/monitor/pipeline-run/view',
  runCompare: '/tools/pipeline/monitor/pipeline-run/compare',
  runGroups: '/pipeline-group/list',
  runGroupView: '/pipeline-group/view',
  projects: '/project/list',
  projectView: '/project/view',
  experiments: '/experiment/list',
  experimentView: '/experiment/view',
  accessions: '/accession/list',
  accessionView: '/accession/view',
  sites: '/site/list',
  siteView: '/site/view',
  fileTypes: '/file-type/list',
  fileTypeView: '/file-type/view',
  crossPlans: '/cross-plan/list',
  crossPlanView: '/cross-plan/view',
  discoveryLaunch: '/benchmarking/discovery/launch',
  discoveryResults: '/benchmarking/discovery/results/fileset',
  predictionLaunch: '/benchmarking/prediction/launch',
  predictionResults: '/benchmarking/prediction/results/fileset',
  /** One dataset's board (`?id=` the fileset): every method benchmarked on it, detection and prediction, with cost. */
  datasetBoard: '/benchmarking/datasets/board',
  simulateGdipData: '/benchmarking/simulate-gdip-data',
  registerKnownGdipData: '/benchmarking/register-known-gdip-data',
  registerPredictionData: '/benchmarking/register-prediction-data',
  uploadGdipResults: '/upload/gdip-results',
  filesets: '/upload/filesets',
  filesetView: '/upload/filesets/view',
  /** One stored file shown in the browser, a page at a time: `?id=` the file. */
  filePreview: '/upload/file-preview',
  trackMlflowRun: '/upload/mlflow-run',
  mlflowRunView: '/upload/mlflow-run/view',
  mlflowCompare: '/upload/mlflow-run/compare',
  templates: '/templates/download',
  profile: '/settings/profile/view',
  changePassword: '/settings/profile/change-password',
  inviteUser: '/manage/invite-user',
  acceptInvite: '/manage/accept-invite',
  pipelineCatalogue: '/tools/pipeline/catalogue',
  /** Recommended resources per pipeline (`?pipeline=`) and the CPU-hours over time. */
  resourceTrends: '/tools/pipeline/monitor/resources',
  /** Where a file, run or fileset came from and what was built on it: `?id=file:12` (run:3, fileset:4). */
  lineage: '/tools/lineage',
  /** The launch form of a catalogue pipeline outside the Launch menu: `?id=<pipeline>`. */
  launchById: '/tools/pipeline/run/',
  docs: '/docs',
} as const;

/** A detail page's address. */
export const viewRoute = (route: string, id: number | string) => `${route}?id=${id}`;

/** A comparison page's address: the records side by side (`?ids=1,2,3`, read back by `idsFromAddress`). */
export const compareRoute = (route: string, ids: ReadonlyArray<number>) => `${route}?ids=${ids.join(',')}`;

/** The launch form of one pipeline of the catalogue: its own page for the menu's, `?id=` for any other. */
export const launchRoute = (pipelineId: string) =>
  (MENU_PIPELINES as readonly string[]).includes(pipelineId) ? `${ROUTES.launchById}${pipelineId}` : viewRoute(ROUTES.launchById, encodeURIComponent(pipelineId));

const withQuery = (route: string, query: string) => `${route}${route.includes('?') ? '&' : '?'}${query}`;

/** The launch form filled from an earlier run (`from=`). */
export const relaunchRoute = (pipelineId: string, runId: number) => withQuery(launchRoute(pipelineId), `from=${runId}`);

/** The launch form with the run's project, and experiment, chosen (`project=`, `experiment=`). */
export const launchForRoute = (pipelineId: string, projectId: number, experimentId?: number) =>
  withQuery(launchRoute(pipelineId), `project=${projectId}${experimentId === undefined ? '' : `&experiment=${experimentId}`}`);

/** The first segments of the console's pages, for tools that must tell them from the docs (the link checker). */
export const CONSOLE_ROUTE_GLOBS = [
  ...new Set(
    [...Object.values(ROUTES), launchRoute('preprocessing')]
      .filter((route) => route !== ROUTES.docs)
      .map((route) => (route === '/' ? '/' : `/${route.split('/')[1]}${route.split('/').length > 2 ? '/**' : ''}`)),
  ),
];
