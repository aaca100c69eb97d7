// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import starlight from '@astrojs/starlight';
import tailwindcss from '@tailwindcss/vite';
import starlightLinksValidator from 'starlight-links-validator';
import { sidebarFromFolders, markdownPages } from './src/components/docs/sidebar';
import { GENERATED_ROUTES, generatedPages } from './src/content/generated/loader';
import { writeSitePolicy } from './src/server/site-csp';
import { CONSOLE_ROUTE_GLOBS } from './src/console/app/routes';

/** Console routes: real pages, but not Starlight's, so the link validator cannot see them. */
const CONSOLE_ROUTES = [...CONSOLE_ROUTE_GLOBS, '/api/**'];

/** Folder labels (and their order) for the sidebar; other folders take their name. */
const SIDEBAR_LABELS = {
  start: { label: 'Start here', es: 'Primeros pasos', order: 1 },
  guide: { label: 'User guide', es: 'Guía de uso', order: 2 },
  reference: { label: 'Reference', es: 'Referencia', order: 3 },
  'reference/pipelines': { label: 'Pipelines', order: 1 },
  'reference/api': { label: 'API', order: 2 },
  'reference/metrics': { label: 'Benchmark metrics', es: 'Métricas de benchmark', order: 3 },
  admin: { label: 'Administrator guide', es: 'Guía de administración', order: 4 },
  'admin/nextflow': { label: 'Nextflow engine', es: 'Motor Nextflow', order: 3 },
  'admin/nextflow/executors': { label: 'Executors', es: 'Ejecutores', order: 2 },
};

const override = (name) => `./src/components/docs/${name}.astro`;

/**
 * Chunks of the console's first load (issue #36: every console route ≤ 100 KB of JavaScript,
 * gzip). Every console page loads React and the shell, so each is one file instead of a dozen
 * small ones that compress worse apart; docs pages load neither (scripts/check-budgets.ts checks).
 */
const CONSOLE_CHUNKS = [
  // Vite's helper for import() stays a file of its own: docs pages use it too, and would otherwise load React with it.
  { name: 'preload-helper', test: /^\0vite[\\/]preload-helper/, priority: 3 },
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/, priority: 2 },
  {
    name: 'console-shell',
    test: /[\\/]src[\\/]console[\\/](app[\\/](?!.*\.test\.)|session[\\/]|lib[\\/](api|use-request)\.ts|ui[\\/](Spinner|LoadingOverlay|tooltip|Button|LoadError)\.tsx)|[\\/]node_modules[\\/](@nanostores[\\/]react|nanostores)[\\/]/,
    priority: 1,
  },
];

// The console and the docs are one static site; the admin API is served beside it
// (same origin by default, see PUBLIC_API_BASE_URL).
export default defineConfig({
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [
    react(),
    starlight({
      title: 'Seedbed Docs',
      disable404Route: true,
      // Writers' Markdown lives in src/content/docs/docs/, so every page is under /docs
      // (and /es/docs for Spanish).
      defaultLocale: 'root',
      locales: {
        root: { label: 'English', lang: 'en' },
        es: { label: 'Español', lang: 'es' },
      },
      pagination: true,
      tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
      // Our copy button (two-second confirmation) replaces Expressive Code's.
      expressiveCode: { themes: ['github-light'], frames: { showCopyToClipboardButton: false } },
      components: {
        Head: override('Head'),
        ThemeProvider: override('ThemeProvider'),
        ThemeSelect: override('ThemeSelect'),
        SiteTitle: override('SiteTitle'),
        Search: override('Search'),
        PageTitle: override('PageTitle'),
        LanguageSelect: override('LanguageSelect'),
        MarkdownContent: override('MarkdownContent'),
      },
      // The sidebar follows the folders of src/content/docs/docs (and the generated pages' places).
      sidebar: sidebarFromFolders([...markdownPages('src/content/docs/docs'), ...generatedPages()], SIDEBAR_LABELS),
      plugins: [starlightLinksValidator({ exclude: [...CONSOLE_ROUTES, ...GENERATED_ROUTES], errorOnFallbackPages: false, errorOnRelativeLinks: false })],
    }),
    // Last: the pages are final, so their inline scripts can be hashed into the site's policy.
    {
      name: 'seedbed-content-security-policy',
      hooks: {
        'astro:build:done': ({ dir, logger }) => {
          const { pages, hashes } = writeSitePolicy(fileURLToPath(dir), { apiBaseUrl: process.env.PUBLIC_API_BASE_URL });
          logger.info(`Content Security Policy: ${hashes} inline script hashes, meta tag in ${pages} pages, _headers and content-security-policy.txt written`);
        },
      },
    },
  ],
  vite: {
    plugins: [tailwindcss()],
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: { groups: CONSOLE_CHUNKS } } } } },
    },
  },
});
