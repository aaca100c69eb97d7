import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue #36: a console route's first load is at most 100 KB of JavaScript (gzip), so features can grow. */
export const FIRST_LOAD_BUDGET_BYTES = 100 * 1024;

/** Docs pages are Starlight's: `/docs/…` and `/es/docs/…`. */
export const isDocsRoute = (route: string) => /^\/(es\/)?docs(\/|$)/.test(route);

/** Every page of a build as its route: `dist/accession/list/index.html` → `/accession/list`. */
export function builtRoutes(distDir: string): string[] {
  return fs
    .readdirSync(distDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'index.html')
    .map((entry) => `/${path.relative(distDir, entry.parentPath)}`.replace(/\/$/, '') || '/')
    .sort();
}

/** Every console route with its first load, largest first. */
export function consoleFirstLoads(distDir: string): Array<{ route: string; gzipBytes: number; rawBytes: number; files: string[] }> {
  return builtRoutes(distDir)
    .filter((route) => !isDocsRoute(route))
    .map((route) => ({ route, ...firstLoadJs(distDir, route) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/**
 * The JavaScript a browser fetches on a page's first load: the page's scripts and module
 * preloads, each hydrating island's component and renderer, and everything those import
 * statically. Dynamic `import()`s load later and are not counted.
 */
export function firstLoadJs(distDir: string, route: string): { files: string[]; rawBytes: number; gzipBytes: number } {
  const htmlFile = path.join(distDir, route.replace(/^\//, ''), 'index.html');
  const html = fs.readFileSync(htmlFile, 'utf8');
  const entries = new Set<string>();
  for (const pattern of [/<script[^>]+src="([^"]+\.js)"/g, /<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g, /(?:component|renderer)-url="([^"]+)"/g]) {
    for (const match of html.matchAll(pattern)) entries.add(match[1]!);
  }
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).join('\n');

  const seen = new Set<string>();
  const queue = [...entries].map((url) => path.join(distDir, url.replace(/^\//, '')));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*${},\s]+from\s*)?["']([^"']+\.js)["']/g)) {
      queue.push(path.resolve(path.dirname(file), match[1]!));
    }
  }
  const files = [...seen].sort();
  const contents = files.map((file) => fs.readFileSync(file));
  const rawBytes = contents.reduce((sum, buffer) => sum + buffer.length, 0) + Buffer.byteLength(inlineScripts);
  const gzipBytes = contents.reduce((sum, buffer) => sum + gzipSync(buffer, { level: 9 }).length, 0) + gzipSync(inlineScripts).length;
  return { files: files.map((file) => path.relative(distDir, file)), rawBytes, gzipBytes };
}
