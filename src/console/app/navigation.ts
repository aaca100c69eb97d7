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

export const HOME_ROUTE = '/';
export const LOGIN_ROUTE = '/auth/login';

export const topLinks = {
  runs: { label: 'Runs', href: '/tools/pipeline/monitor/pipeline-run/list', tooltip: 'Every pipeline run, live' },
  runGroups: { label: 'Run Groups', href: '/pipeline-group/list', tooltip: 'Named groups of runs' },
  docs: { label: 'Docs', href: '/docs', tooltip: 'User guide, pipeline reference and API' },
} satisfies Record<string, MenuEntry>;

export const breedingMenu: MenuSection = {
  label: 'Breeding',
  entries: [
    { label: 'Projects', href: '/project/list' },
    { label: 'Experiments', href: '/experiment/list' },
    { label: 'Accessions', href: '/accession/list' },
    { label: 'Sites', href: '/site/list' },
    { label: 'File types', href: '/file-type/list' },
    { label: 'Cross plans', href: '/cross-plan/list' },
  ],
};

export const launchMenu: MenuSection = {
  label: 'Launch',
  entries: [
    { label: 'Preprocessing', href: '/tools/pipeline/run/preprocessing', tooltip: 'FASTQ → read QC, trimming, alignment, per-sample GVCF' },
    { label: 'Combine GVCFS', href: '/tools/pipeline/run/combine-gvcfs', tooltip: 'Per-sample GVCFs → joint-genotyped VCF' },
    { label: 'Process VCFs', href: '/tools/pipeline/run/nf-processvcfs', tooltip: 'Filter and QC a VCF: SNPs, MAF, missingness, LD' },
    { label: 'GDIP', href: '/tools/pipeline/run/nf-gdip', tooltip: 'Genomic discovery (association scan) and prediction' },
    { label: 'Evostats', href: '/tools/pipeline/run/nf-evostats', tooltip: 'Diversity, heterozygosity, Fst, Tajima’s D' },
    { label: 'Phenomix', href: '/tools/pipeline/run/nf-phenomix', tooltip: 'Phenotype outliers, BLUEs, heritability' },
    { label: 'Auto Train', href: '/tools/pipeline/run/nf-auto-train', tooltip: 'Train and cross-validate genomic prediction models' },
    { label: 'Auto Train Phenotype', href: '/tools/pipeline/run/auto-train-pheno', tooltip: 'Train digital-phenotype models from spectra' },
    { label: 'Make GDIP Predictions', href: '/tools/pipeline/run/make-gdip-predictions', tooltip: 'Apply a genomic model to new genotypes' },
    { label: 'Make Digital Phenotype Predictions', href: '/tools/pipeline/run/make-dig-pheno-predictions', tooltip: 'Apply a digital-phenotype model to new spectra' },
    { label: 'Multigen sims', href: '/tools/pipeline/run/nf-multigen-sims', tooltip: 'Simulate a multi-generation breeding programme' },
    { label: 'Process Spectra', href: '/tools/pipeline/run/nf-spectra', tooltip: 'NIR / hyperspectral preprocessing' },
  ],
};

export const benchmarkingMenu: MenuSection = {
  label: 'Benchmarking',
  entries: [
    { label: 'Launch discovery', href: '/benchmarking/discovery/launch' },
    { label: 'Discovery results', href: '/benchmarking/discovery/results/fileset' },
    { label: 'Launch prediction', href: '/benchmarking/prediction/launch' },
    { label: 'Prediction results', href: '/benchmarking/prediction/results/fileset' },
    { label: 'Simulate GDIP data', href: '/benchmarking/simulate-gdip-data' },
    { label: 'Register Known GDIP Data', href: '/benchmarking/register-known-gdip-data' },
    { label: 'Register Prediction Data', href: '/benchmarking/register-prediction-data' },
  ],
};

export const configMenu: MenuSection = {
  label: 'Config',
  entries: [
    { label: 'Upload GDIP Results', href: '/upload/gdip-results' },
    { label: 'Track Mlflow Run', href: '/upload/mlflow-run' },
    { label: 'Templates', href: '/templates/download' },
  ],
};

/** Settings; Logout is an action, attached by the frame. */
export function settingsMenu(onLogout: () => void): MenuSection {
  return {
    label: 'Settings',
    entries: [
      { label: 'Profile', href: '/settings/profile/view' },
      { label: 'Change password', href: '/settings/profile/change-password' },
      { label: 'Invite User', href: '/manage/invite-user' },
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
