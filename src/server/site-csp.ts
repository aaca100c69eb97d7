import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The site's Content Security Policy, made at build time from the pages themselves: every inline
 * script (Astro's island loader, Starlight's sidebar and theme state, the docs' locale cookie) is
 * allowed by its SHA-256 hash instead of 'unsafe-inline'. The policy is written three ways, so
 * that it holds wherever the site is served:
 * - a `<meta http-equiv>` tag in every page (any static host);
 * - `_headers` (Netlify, Cloudflare Pages and hosts that read that format), with frame-ancestors,
 *   which a meta tag cannot carry;
 * - `content-security-policy.txt`, which Seedbed's own server sends as the header.
 */

export const POLICY_FILE = 'content-security-policy.txt';
const META_MARK = 'data-seedbed-csp';

/** The SHA-256 sources of a page's inline scripts (scripts with a src, and JSON data blocks, need none). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export interface PolicyOptions {
  scriptHashes: string[];
  /** Origins the pages call besides their own: the API when it lives on another host. */
  connectOrigins?: string[];
}

/** The directives as a list; frame-ancestors last, because a meta tag must leave it out. */
function directives(options: PolicyOptions): string[] {
  return [
    "default-src 'self'",
    // Pagefind's search runs in WebAssembly: 'wasm-unsafe-eval' allows that, not eval().
    `script-src 'self' 'wasm-unsafe-eval' ${[...new Set(options.scriptHashes)].sort().join(' ')}`.trim(),
    // React and Starlight set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self'${(options.connectOrigins ?? []).map((origin) => ` ${origin}`).join('')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
}

export const headerPolicy = (options: PolicyOptions) => directives(options).join('; ');
export const metaPolicy = (options: PolicyOptions) =>
  directives(options)
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');

function htmlFiles(directory: string): string[] {
  return fs
    .readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The origin of PUBLIC_API_BASE_URL when it names another host; none when it is a path. */
export function apiOrigin(apiBaseUrl: string | undefined): string[] {
  if (!apiBaseUrl || !/^https?:\/\//i.test(apiBaseUrl)) return [];
  return [new URL(apiBaseUrl).origin];
}

/** After `astro build`: hashes every page's inline scripts, puts the meta tag in, writes the header files. */
export function writeSitePolicy(distDir: string, options: { apiBaseUrl?: string | undefined } = {}): { pages: number; hashes: number; policy: string } {
  const pages = htmlFiles(distDir);
  const contents = pages.map((file) => fs.readFileSync(file, 'utf8').replace(new RegExp(`<meta ${META_MARK}[^>]*>`, 'g'), ''));
  const policyOptions: PolicyOptions = { scriptHashes: contents.flatMap(inlineScriptHashes), connectOrigins: apiOrigin(options.apiBaseUrl) };
  const meta = `<meta ${META_MARK} http-equiv="Content-Security-Policy" content="${attribute(metaPolicy(policyOptions))}">`;
  pages.forEach((file, index) => {
    // Before every script, right after <meta charset> (which must stay in the first 1,024 bytes).
    const html = contents[index]!;
    const charset = /<meta charset=[^>]*>/i.exec(html);
    fs.writeFileSync(file, charset ? html.replace(charset[0], `${charset[0]}${meta}`) : html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}${meta}`));
  });
  const policy = headerPolicy(policyOptions);
  fs.writeFileSync(path.join(distDir, POLICY_FILE), `${policy}\n`);
  fs.writeFileSync(
    path.join(distDir, '_headers'),
    [
      '/*',
      `  Content-Security-Policy: ${policy}`,
      '  X-Content-Type-Options: nosniff',
      '  Referrer-Policy: strict-origin-when-cross-origin',
      '  X-Frame-Options: DENY',
      '/_astro/*',
      '  Cache-Control: public, max-age=31536000, immutable',
      '',
    ].join('\n'),
  );
  return { pages: pages.length, hashes: new Set(policyOptions.scriptHashes).size, policy };
}

/** The policy the build wrote, or null when the site was built without it. */
export function readSitePolicy(staticDir: string): string | null {
  try {
    return fs.readFileSync(path.join(staticDir, POLICY_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}
