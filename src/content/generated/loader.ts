import { docsLoader } from '@astrojs/starlight/loaders';
import type { Loader } from 'astro/loaders';
import { apiReferencePages } from './api-reference';
import { configurationReferencePage } from './configuration-reference';
import { fileTypesReferencePage } from './file-types-reference';
import { importColumnsReferencePage } from './import-columns-reference';
import type { GeneratedPage } from './markdown';
import { pipelineReferencePages } from './pipeline-reference';

/**
 * Where generated pages live. The link validator cannot see them, so links into these folders
 * are checked here instead, and a broken one fails the build all the same.
 */
export const GENERATED_ROUTES = ['/docs/reference/pipelines/**', '/docs/reference/api/**', '/docs/admin/configuration/', '/docs/reference/import-columns/', '/docs/reference/file-types/'];
const GENERATED_LINK = /\]\((\/(?:es\/)?docs\/(?:reference\/pipelines|reference\/api|reference\/import-columns|reference\/file-types|admin\/configuration)[^)#\s]*)/g;

/** Pages generated at build time from the sources they describe, so they never drift from them. */
export function generatedPages(): GeneratedPage[] {
  return [...pipelineReferencePages(), ...apiReferencePages(), configurationReferencePage(), importColumnsReferencePage(), fileTypesReferencePage()];
}

/** Starlight's docs loader (the Markdown writers edit) plus the generated reference pages. */
export function docsWithGeneratedPages(): Loader {
  const markdown = docsLoader();
  return {
    name: 'seedbed-docs',
    async load(context) {
      await markdown.load(context);
      const pages = generatedPages();
      const ids = new Set(pages.map((page) => page.id));
      const broken = [...context.store.entries()].flatMap(([id, entry]) =>
        [...(entry.body ?? '').matchAll(GENERATED_LINK)]
          .map((match) => match[1]!)
          .filter((link) => !ids.has(link.replace(/^\/(es\/)?/, '').replace(/\/$/, '')))
          .map((link) => `${id}: ${link}`),
      );
      if (broken.length > 0) throw new Error(`Links to generated docs pages that do not exist:\n  ${broken.join('\n  ')}`);
      for (const page of pages) {
        const data = await context.parseData({
          id: page.id,
          data: { title: page.title, description: page.description, ...(page.order === undefined ? {} : { sidebar: { order: page.order } }) },
        });
        context.store.set({
          id: page.id,
          data,
          body: page.body,
          // Starlight places entries in the sidebar by file path; generated pages sit where their file would.
          filePath: `src/content/docs/${page.id}.md`,
          rendered: await context.renderMarkdown(page.body),
          digest: context.generateDigest(page.body),
        });
      }
    },
  };
}
