// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import starlight from '@astrojs/starlight';
import tailwindcss from '@tailwindcss/vite';

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
      editLink: {},
      pagination: true,
      tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
      sidebar: [
        { label: 'Start here', items: [{ autogenerate: { directory: 'docs/start' } }] },
        { label: 'User guide', items: [{ autogenerate: { directory: 'docs/guide' } }] },
      ],
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
  },
});
