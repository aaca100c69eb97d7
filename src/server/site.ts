import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

export interface SiteOptions {
  staticDir: string;
  /** Extra origins the pages may call (an API on another host). */
  connectOrigins: string[];
}

/**
 * The built console and docs. Pages may load scripts, styles, fonts and images from their
 * own origin only, and talk to their own origin and the API.
 */
export function createSite(options: SiteOptions) {
  const site = new Hono();
  const notFoundPage = path.join(options.staticDir, '404.html');

  site.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // Astro's island loader and Starlight's sidebar state are small inline scripts;
        // Pagefind's search runs in WebAssembly ('wasm-unsafe-eval' allows that, not eval).
        scriptSrc: ["'self'", "'unsafe-inline'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...options.connectOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    }),
  );
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
