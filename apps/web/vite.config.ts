import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, parseSync, type Plugin } from 'vite';

const domainSrc = fileURLToPath(new URL('../../packages/domain/src/', import.meta.url));
const API = process.env.KC_API_ORIGIN ?? 'http://localhost:3000';

/** Vendor groups: stable code gets its own long-cached chunk, apart from app code that changes. */
const VENDOR_GROUPS = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
    priority: 30,
  },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 25 },
];

/**
 * Modules known to have no side effects on import, so the bundler drops the ones a page does
 * not use. antd's @rc-component packages declare nothing, which otherwise keeps whole barrels
 * (e.g. all of rc-form behind ConfigProvider) in the first-load chunk. `undefined` leaves every
 * other module to its package.json.
 */
function sideEffectFree(id: string): boolean | undefined {
  if (id.startsWith(domainSrc) && !id.endsWith('zod-locale.ts')) return false;
  if (/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id) && !id.endsWith('.css')) return false;
  return undefined;
}

/**
 * The domain package builds its zod schemas and constants with top-level calls
 * (`export const x = z.object(…)`). The package is pure by rule (ARCHITECTURE), but a bundler
 * cannot know that a call is, so a page that needs one constant from a module would also get
 * every schema there, and zod with them. Marking those initialisers pure lets unused ones go.
 */
function pureDomainInitialisers(): Plugin {
  return {
    name: 'kc:pure-domain-initialisers',
    transform(code, id) {
      if (!id.startsWith(domainSrc) || id.includes('.test.')) return null;
      const spans: Array<[number, number]> = [];
      for (const statement of parseSync(id, code).program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const d of declaration.declarations)
          if (d.init?.type === 'CallExpression') spans.push([d.init.start, d.init.end]);
      }
      let out = code;
      for (const [start, end] of spans.reverse()) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
      }
      return spans.length ? { code: out, map: null } : null;
    },
  };
}

/**
 * The dev server's fallback for the back office: /admin and its deep links get admin.html (the
 * built app is served the same way by the API server, apps/server/src/app.ts).
 */
function adminDevFallback(): Plugin {
  return {
    name: 'kc:admin-dev-fallback',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        if (path === '/admin' || (path.startsWith('/admin/') && !path.includes('.'))) req.url = '/admin.html';
        next();
      });
    },
  };
}

/**
 * Two apps, built one after the other into one dist/: the storefront (`vite build`, index.html)
 * and the back office (`vite build --mode admin`, admin.html, served at /admin by the server).
 * Separate builds, so the back office's modules never reshape the storefront's chunks (one
 * build of both split shared code into many small chunks and grew the home route's first
 * load by ~7 KB gzip); they share nothing at run time but the browser's cache of identical
 * vendor files. The admin build keeps the storefront's files (no emptying) and writes its own
 * manifest.
 */
export default defineConfig(({ mode }) => ({
  plugins: [react(), pureDomainInitialisers(), adminDevFallback()],
  resolve: {
    // The web app compiles the domain package from source (decision 001).
    alias: { '@kc/domain': `${domainSrc}index.ts` },
  },
  server: {
    port: 5173,
    proxy: {
      // The chat's sockets keep the page's Host: the server compares it with their Origin.
      '/api/chat/ws': { target: API, ws: true },
      '/api/admin/chat/ws': { target: API, ws: true },
      '/api': { target: API, changeOrigin: true },
      '/media': { target: API, changeOrigin: true },
    },
  },
  preview: { proxy: { '/api': API, '/media': API } },
  build: {
    outDir: 'dist',
    emptyOutDir: mode !== 'admin',
    // Lists each entry's and lazy page's chunks: the bench reads it to size the home route's first load.
    manifest: mode === 'admin' ? '.vite/manifest-admin.json' : true,
    // Chinese enterprise buyers are often on older Chromium-based browsers (360, QQ, Sogou).
    target: ['chrome87', 'edge88', 'firefox78', 'safari14'],
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      input: {
        [mode === 'admin' ? 'admin' : 'index']: fileURLToPath(
          new URL(mode === 'admin' ? './admin.html' : './index.html', import.meta.url),
        ),
      },
      treeshake: { moduleSideEffects: sideEffectFree },
      output: { codeSplitting: { groups: VENDOR_GROUPS } },
    },
  },
}));
