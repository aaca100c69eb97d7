import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../pipelines/catalogue';
import { LOCAL_RUNNER } from './local';

/** Value imports and re-exports of relative modules (a type-only import is erased before Node resolves it). */
const RELATIVE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']+)'/gm;

/** Every module `entry` loads through relative imports, with the imports that name no extension. */
function extensionlessImports(entries: string[]): string[] {
  const seen = new Set<string>();
  const missing: string[] = [];
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const target = path.resolve(path.dirname(file), specifier!);
      if (!/\.(ts|mjs|js|json)$/.test(specifier!)) {
        missing.push(`${path.relative(process.cwd(), file)} imports '${specifier}'`);
        if (fs.existsSync(`${target}.ts`)) queue.push(`${target}.ts`);
        continue;
      }
      if (target.endsWith('.ts') && fs.existsSync(target)) queue.push(target);
    }
  }
  return missing;
}

describe('the modules the embedded engine runs', () => {
  it('import every relative module by its file name: Node strips their types but does not resolve a path without its extension', () => {
    const entries = readCatalogue('pipelines').flatMap(({ directory, manifest }) => (manifest.local ? [path.join(directory, manifest.local)] : []));
    expect(entries.length).toBeGreaterThan(10);
    expect(extensionlessImports([LOCAL_RUNNER, ...entries])).toEqual([]);
  });
});
