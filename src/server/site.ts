import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { headerPolicy, readSitePolicy } from './site-csp';

export interface SiteOptions {
  staticDir: string;
}

/**
 * The built console and docs, sent with the Content Security Policy the build wrote beside them
 * (inline scripts allowed by hash, see site-csp.ts). A site built without it gets a policy that
 * allows no inline script at all.
 */
export function createSite(options: SiteOptions) {
  const site = new Hono();
  const notFoundPage = path.join(options.staticDir, '404.html');
  const policy = readSitePolicy(options.staticDir) ?? headerPolicy({ scriptHashes: [] });

  site.use(secureHeaders());
  site.use(async (c, next) => {
    await next();
    c.header('Content-Security-Policy', policy);
  });
  site.use(async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    // Astro fingerprints everything under /_astro, so those files never change.
    c.header('Cache-Control', c.req.path.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  });
  site.use('*', serveStatic({ root: path.relative(process.cwd(), options.staticDir) || '.' }));
  site.notFound((c) => {
    const body = fs.existsSync(notFoundPage) ? fs.readFileSync(notFoundPage, 'utf8') : 'Not found';
    return c.html(body, 404);
  });
  return site;
}
