import { defineCollection } from 'astro:content';
import { docsSchema } from '@astrojs/starlight/schema';
import { docsWithGeneratedPages } from './content/generated/loader';

export const collections = {
  docs: defineCollection({ loader: docsWithGeneratedPages(), schema: docsSchema() }),
};
