import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const docsRoot = path.resolve(import.meta.dirname, '../../src/content/docs/docs');

function markdownFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return /\.mdx?$/.test(entry.name) ? [full] : [];
  });
}

const pages = markdownFiles(docsRoot).map((file) => ({ file: path.relative(docsRoot, file), text: readFileSync(file, 'utf8') }));

describe('the docs', () => {
  it('never announce as being built a feature another section documents as working', () => {
    const headings = new Set(pages.flatMap((page) => [...page.text.matchAll(/^#{2,4} (.+)$/gm)].map((match) => (match[1] as string).trim().toLowerCase())));
    const contradictions = pages.flatMap((page) =>
      [...page.text.matchAll(/^:::\w+\[[^\]]*(?:being built|not yet|coming soon)[^\]]*\]\n([\s\S]*?)^:::$/gim)].flatMap((note) =>
        [...(note[1] as string).matchAll(/\*\*([^*]+)\*\*/g)]
          .map((bold) => (bold[1] as string).trim())
          .filter((feature) => headings.has(feature.toLowerCase()))
          .map((feature) => `${page.file}: "${feature}" is said to be coming, and has its own section`),
      ),
    );
    expect(contradictions).toEqual([]);
  });
});
