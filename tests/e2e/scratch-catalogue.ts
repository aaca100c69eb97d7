import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The pipeline the e2e catalogue adds to the bundled ones: outside the Launch menu, launched by id. */
export const EXTRA_PIPELINE = { id: 'nf-extra-count', label: 'Extra Count' };
/** A site pipeline that waits, one task a second, for as many seconds as asked: a run long enough to cancel. */
export const SLOW_PIPELINE = { id: 'nf-extra-wait', label: 'Extra Wait' };

/**
 * A catalogue for the e2e server: the repository's pipelines (linked, so their code finds the
 * project's packages) and one more that only this catalogue has.
 */
export function makeScratchCatalogue(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-e2e-catalogue-'));
  const repository = path.resolve('pipelines');
  for (const entry of fs.readdirSync(repository)) fs.symlinkSync(path.join(repository, entry), path.join(folder, entry));
  const extra = path.join(folder, EXTRA_PIPELINE.id);
  fs.mkdirSync(path.join(extra, 'local'), { recursive: true });
  fs.writeFileSync(
    path.join(extra, 'pipeline.json'),
    JSON.stringify({
      label: EXTRA_PIPELINE.label,
      group: 'Site pipelines',
      description: 'Counts the lines of a text file (an administrator’s own pipeline).',
      repository: 'example/nf-extra-count',
      revision: '0.1.0',
      defaultProfile: 'docker',
      outputFileTypes: [],
      local: 'local/main.ts',
    }),
  );
  fs.writeFileSync(
    path.join(extra, 'nextflow_schema.json'),
    JSON.stringify({
      $schema: 'http://json-schema.org/draft-07/schema',
      title: 'Extra Count',
      type: 'object',
      definitions: {
        input_output_options: {
          title: 'Input/output options',
          type: 'object',
          required: ['outdir'],
          properties: {
            label_text: { type: 'string', default: 'lines', description: 'What to call the count.', help_text: 'See the [count docs](https://example.org/count) for `label_text`.' },
            outdir: { type: 'string', format: 'directory-path', default: 'results' },
          },
        },
      },
      allOf: [{ $ref: '#/definitions/input_output_options' }],
    }),
  );
  fs.writeFileSync(
    path.join(extra, 'local', 'main.ts'),
    `import fs from 'node:fs';
import path from 'node:path';
export async function run(context: { params: Record<string, unknown>; outdir: string; task: (p: string, t: string | null, f: () => void) => Promise<void>; log: (m: string) => void }) {
  await context.task('COUNT', null, () => {
    fs.writeFileSync(path.join(context.outdir, 'count.txt'), \`3 \${String(context.params.label_text)}\\n\`);
    context.log('Counted 3 ' + String(context.params.label_text));
  });
}
`,
  );
  const slow = path.join(folder, SLOW_PIPELINE.id);
  fs.mkdirSync(path.join(slow, 'local'), { recursive: true });
  fs.writeFileSync(
    path.join(slow, 'pipeline.json'),
    JSON.stringify({
      label: SLOW_PIPELINE.label,
      group: 'Site pipelines',
      description: 'Waits, one task a second (a run to cancel).',
      repository: 'example/nf-extra-wait',
      revision: '0.1.0',
      defaultProfile: 'docker',
      outputFileTypes: [],
      local: 'local/main.ts',
    }),
  );
  fs.writeFileSync(
    path.join(slow, 'nextflow_schema.json'),
    JSON.stringify({
      $schema: 'http://json-schema.org/draft-07/schema',
      title: 'Extra Wait',
      type: 'object',
      definitions: {
        wait_options: {
          title: 'Wait options',
          type: 'object',
          required: ['outdir'],
          properties: { seconds: { type: 'integer', default: 120, minimum: 1, description: 'How long to wait.' }, outdir: { type: 'string', format: 'directory-path', default: 'results' } },
        },
      },
      allOf: [{ $ref: '#/definitions/wait_options' }],
    }),
  );
  fs.writeFileSync(
    path.join(slow, 'local', 'main.ts'),
    `export async function run(context: { params: Record<string, unknown>; task: (p: string, t: string | null, f: () => Promise<void>) => Promise<void> }) {
  for (let second = 1; second <= Number(context.params.seconds); second += 1) {
    await context.task('WAIT', String(second), () => new Promise((resolve) => setTimeout(resolve, 1000)));
  }
}
`,
  );
  return folder;
}
