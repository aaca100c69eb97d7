import { describeEnv } from '../../server/env';
import { code, table, text, type GeneratedPage } from './markdown';

/** The configuration reference, from the one module that reads the configuration. */
export function configurationReferencePage(): GeneratedPage {
  const rows = describeEnv().map((variable) => [code(variable.name), text(variable.doc), text(variable.fix)]);
  return {
    id: 'docs/admin/configuration',
    title: 'Configuration reference',
    description: 'Every environment variable Seedbed reads, what it does and how to set it.',
    order: 90,
    body: [
      'Seedbed reads its configuration from environment variables, once, at start. A value it cannot use stops the start with a message that names the variable and the fix, so a typo never runs silently. This table is generated from that same module (`src/server/env.ts`).',
      table(['Variable', 'What it does', 'How to set it'], rows),
      '## Build-time settings',
      'These are read when the console is built (`npm start` rebuilds when they change):',
      table(
        ['Variable', 'What it does'],
        [
          [code('PUBLIC_API_BASE_URL'), 'Where the console finds the API. Default `/api/` on the same origin; set a full URL when the console is served from a CDN.'],
          [code('PUBLIC_PRODUCT_NAME'), 'Product name in the page title. Default `Seedbed`.'],
          [code('PUBLIC_PROVIDER_NAME'), 'Provider name in the footer. Default `Seedbed Genomics`.'],
        ],
      ),
    ].join('\n\n'),
  };
}
