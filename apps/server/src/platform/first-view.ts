import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { precompressedPage } from './compression.js';

/**
 * What the storefront's build writes as `first-view.json` (apps/web/vite.config.ts,
 * `firstViewPreload`): for the pages a visitor most often lands on, a path pattern and the
 * files of that page's lazy chunk that the entry does not already load.
 */
const FirstViewTable = z.object({
  /** `src/early.ts`: asks for the landing page's largest picture beside the entry. */
  early: z
    .string()
    .regex(/^\/assets\/[\w.-]+\.js$/u)
    .optional(),
  pages: z.array(
    z.object({
      paths: z.string().min(1).refine(compiles, '不是正则表达式'),
      scripts: z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/u)),
      styles: z.array(z.string().regex(/^\/assets\/[\w.-]+\.css$/u)),
    }),
  ),
});
export type FirstViewTable = z.infer<typeof FirstViewTable>;

type Page = ReturnType<typeof precompressedPage>;

/**
 * index.html with the landing page's chunk named in its head (issue 17 item 8, decision 078).
 * React Router asks for a lazy page's chunk only after the entry has arrived and run; a
 * `<link rel=modulepreload>` per file lets the browser fetch it beside the entry instead (a
 * second round trip less on a slow line). Written by the server rather than an inline script
 * because the CSP allows no inline script. The build's early module (apps/web/src/early.ts),
 * which starts the page's largest picture, goes first, `async`. Each variant is built and compressed once, at
 * start-up; a path no pattern matches gets index.html as built.
 */
export function withPreloads(html: string, scripts: string[], styles: string[], early?: string): string {
  const links = [
    ...(early
      ? [`<script type="module" async crossorigin fetchpriority="high" src="${early}"></script>`]
      : []),
    ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
    ...styles.map((f) => `<link rel="preload" as="style" crossorigin href="${f}">`),
  ];
  if (links.length === 0 || !html.includes('</head>')) return html;
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

export interface StorefrontIndex {
  /** The variant for a request path (without its query). */
  htmlFor(pathname: string): string;
  send(req: FastifyRequest, reply: FastifyReply): FastifyReply;
}

export function storefrontIndex(html: string, table: FirstViewTable | null): StorefrontIndex {
  const plain = { html, page: precompressedPage(html) };
  const variants = (table?.pages ?? []).map((p) => {
    const variant = withPreloads(html, p.scripts, p.styles, table?.early);
    return { test: new RegExp(p.paths, 'u'), html: variant, page: precompressedPage(variant) };
  });
  const pick = (pathname: string): { html: string; page: Page } =>
    variants.find((v) => v.test.test(pathname)) ?? plain;
  return {
    htmlFor: (pathname) => pick(pathname).html,
    send(req, reply) {
      const pathname = (req.url.split('?')[0] ?? '/').split('#')[0] ?? '/';
      return pick(pathname).page.send(req, reply);
    },
  };
}

/**
 * Reads the built index.html and the build's preload table from `webDist`; null when the
 * storefront is not built. A table that is missing or unreadable only costs the preloads.
 */
export function loadStorefrontIndex(webDist: string, warn: (msg: string) => void): StorefrontIndex | null {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const html = fs.readFileSync(indexFile, 'utf8');
  let table: FirstViewTable | null = null;
  const tableFile = path.join(webDist, 'first-view.json');
  if (fs.existsSync(tableFile)) {
    const parsed = FirstViewTable.safeParse(safeJson(fs.readFileSync(tableFile, 'utf8')));
    if (parsed.success) table = parsed.data;
    else warn('first-view.json is not a preload table: landing pages load without preloads');
  }
  return storefrontIndex(html, table);
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
