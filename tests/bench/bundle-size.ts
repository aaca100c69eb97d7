import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

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
