import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The architecture as imports: the console and the server meet only in src/contract, and the
 * pipeline catalogue and the server's local runner meet only in src/pipeline-kit. A side that
 * imported the other would pull it into its build (server code in the browser bundle) or its
 * tests (a database to test a statistic), so each rule is checked on every source file.
 */
const root = path.resolve(import.meta.dirname, '../..');

/** Static imports and re-exports (`from '…'`), side-effect imports and `import('…')`. */
const IMPORT_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|astro)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Every project file a file imports, as a path from the repository's root. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(IMPORT_SPECIFIER)]
    .map((match) => match[1]!)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.relative(root, path.resolve(root, path.dirname(file), specifier)));
}

/** `file imports target` for each import of a file under `from` that lands under one of `forbidden`. */
function crossings(from: string, forbidden: string[]): string[] {
  return sourceFiles(from).flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.some((folder) => target === folder || target.startsWith(`${folder}/`)))
      .map((target) => `${file} imports ${target}`),
  );
}

describe('imports between the parts of Seedbed', () => {
  it('the console never imports the server', () => {
    expect(crossings('src/console', ['src/server'])).toEqual([]);
  });

  it('the server never imports the console', () => {
    expect(crossings('src/server', ['src/console'])).toEqual([]);
  });

  it('the contract imports neither the console nor the server', () => {
    expect(crossings('src/contract', ['src/console', 'src/server'])).toEqual([]);
  });

  it('pipelines never import the server or the console', () => {
    expect(crossings('pipelines', ['src/server', 'src/console'])).toEqual([]);
  });

  it('the pipeline kit imports nothing of the project', () => {
    expect(crossings('src/pipeline-kit', ['src/console', 'src/server', 'src/contract', 'pipelines'])).toEqual([]);
  });

  it('finds an import that crosses a line, so that the rules above can fail', () => {
    expect(importsOf('pipelines/_shared/testing.ts')).toContain('src/pipeline-kit/local-pipeline.ts');
  });
});
