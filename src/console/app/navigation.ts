import { launchRoute, ROUTES } from './routes';

/** A navigation entry as the specification defines it. */
export interface MenuEntry {
  label: string;
  href?: string;
  tooltip?: string;
  /** Open in a new tab. */
  newTab?: boolean;
  onClick?: () => void;
}

export interface MenuSection {
  label: string;
  entries: MenuEntry[];
}

export const HOME_ROUTE = ROUTES.home;
export const LOGIN_ROUTE = ROUTES.login;

export const topLinks = {
  runs: { label: 'Runs', href: ROUTES.runs, tooltip: 'Every pipeline run, live' },
  runGroups: { label: 'Run Groups', href: ROUTES.runGroups, tooltip: 'Named groups of runs' },
  docs: { label: 'Docs', href: ROUTES.docs, tooltip: 'User guide, pipeline reference and API' },
} satisfies Record<string, MenuEntry>;

export const breedingMenu: MenuSection = {
  label: 'Breeding',
  entries: [
    { label: 'Projects', href: ROUTES.projects },
    { label: 'Experiments', href: ROUTES.experiments },
    { label: 'Accessions', href: ROUTES.accessions },
    { label: 'Sites', href: ROUTES.sites },
    { label: 'File types', href: ROUTES.fileTypes },
    { label: 'Cross plans', href: ROUTES.crossPlans },
  ],
};

export const launchMenu: MenuSection = {
  label: 'Launch',
  entries: [
    { label: 'Preprocessing', href: launchRoute('preprocessing'), tooltip: 'FASTQ → read QC, trimming, alignment, per-sample GVCF' },
    { label: 'Combine GVCFS', href: launchRoute('combine-gvcfs'), tooltip: 'Per-sample GVCFs → joint-genotyped VCF' },
    { label: 'Process VCFs', href: launchRoute('nf-processvcfs'), tooltip: 'Filter and QC a VCF: SNPs, MAF, missingness, LD' },
    { label: 'GDIP', href: launchRoute('nf-gdip'), tooltip: 'Genomic discovery (association scan) and prediction' },
    { label: 'Evostats', href: launchRoute('nf-evostats'), tooltip: 'Diversity, heterozygosity, Fst, Tajima’s D' },
    { label: 'Phenomix', href: launchRoute('nf-phenomix'), tooltip: 'Phenotype outliers, BLUEs, heritability' },
    { label: 'Auto Train', href: launchRoute('nf-auto-train'), tooltip: 'Train and cross-validate genomic prediction models' },
    { label: 'Auto Train Phenotype', href: launchRoute('auto-train-pheno'), tooltip: 'Train digital-phenotype models from spectra' },
    { label: 'Make GDIP Predictions', href: launchRoute('make-gdip-predictions'), tooltip: 'Apply a genomic model to new genotypes' },
    { label: 'Make Digital Phenotype Predictions', href: launchRoute('make-dig-pheno-predictions'), tooltip: 'Apply a digital-phenotype model to new spectra' },
    { label: 'Multigen sims', href: launchRoute('nf-multigen-sims'), tooltip: 'Simulate a multi-generation breeding programme' },
    { label: 'Process Spectra', href: launchRoute('nf-spectra'), tooltip: 'NIR / hyperspectral preprocessing' },
  ],
};

export const benchmarkingMenu: MenuSection = {
  label: 'Benchmarking',
  entries: [
    { label: 'Launch discovery', href: ROUTES.discoveryLaunch },
    { label: 'Discovery results', href: ROUTES.discoveryResults },
    { label: 'Launch prediction', href: ROUTES.predictionLaunch },
    { label: 'Prediction results', href: ROUTES.predictionResults },
    { label: 'Simulate GDIP data', href: ROUTES.simulateGdipData },
    { label: 'Register Known GDIP Data', href: ROUTES.registerKnownGdipData },
    { label: 'Register Prediction Data', href: ROUTES.registerPredictionData },
  ],
};

export const configMenu: MenuSection = {
  label: 'Config',
  entries: [
    { label: 'Upload GDIP Results', href: ROUTES.uploadGdipResults },
    { label: 'Track Mlflow Run', href: ROUTES.trackMlflowRun },
    { label: 'Templates', href: ROUTES.templates },
  ],
};

/** Settings; Logout is an action, attached by the frame. */
export function settingsMenu(onLogout: () => void): MenuSection {
  return {
    label: 'Settings',
    entries: [
      { label: 'Profile', href: ROUTES.profile },
      { label: 'Change password', href: ROUTES.changePassword },
      { label: 'Invite User', href: ROUTES.inviteUser },
      { label: 'Logout', onClick: onLogout },
    ],
  };
}

export const dropdownMenus = [breedingMenu, launchMenu, benchmarkingMenu, configMenu];

export function isLoginRoute(pathname: string): boolean {
  return normalizePath(pathname) === LOGIN_ROUTE;
}

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
