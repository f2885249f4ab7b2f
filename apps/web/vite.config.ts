import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, parseSync, type Plugin, type Rollup, type UserConfig } from 'vite';

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
 * The first view's route chunk, fetched beside the entry (issue 17 item 8, decision 078).
 * React Router asks for a lazy page's chunk only once the entry has arrived and run — on a slow
 * line a second round trip before anything of the page can show. The build writes
 * `first-view.json`: for the pages a visitor most often lands on, a path pattern and the files
 * of that page's chunk (and the chunks it imports that the entry does not, and their CSS). The
 * server writes them into the index.html it sends for a matching path as
 * `<link rel=modulepreload>` / `<link rel=preload as=style>` (no inline script: the CSP forbids
 * one). Only a hint: a path not listed loads as before. A page module missing from the bundle
 * fails the build, so a moved page cannot silently lose its preload.
 *
 * `preload: false` lists the page (its variant still carries the early script) without its
 * files: the list and detail chunks (≈ 66 KB brotli) would share the slow line with the entry's
 * and hold back the shell's first paint by 0.2–0.3 s; those routes start their goods call
 * from the route loader instead (features/catalog/prefetch.ts; decision 078, third step).
 */
const FIRST_VIEW_PAGES: Array<{ name: string; paths: string; module: string; preload: boolean }> = [
  { name: 'home', paths: '^/$', module: 'src/features/home/HomePage.tsx', preload: true },
  {
    name: 'list',
    paths:
      '^/(list|list_index|list_table|list/table|list_no_image|list/no_image|search|search_index|search_table|search/table|list/other/[^/]+)/?$',
    module: 'src/features/catalog/pages/ListPages.tsx',
    preload: false,
  },
  {
    name: 'detail',
    paths: '^/(list_info|list/info)/[^/]+/?$',
    module: 'src/features/catalog/detail/DetailPage.tsx',
    preload: false,
  },
];

const FIRST_VIEW_FILE = 'first-view.json';

function firstViewPreload(): Plugin {
  return {
    name: 'kc:first-view-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // The storefront's build only (the back office's entry is admin.html).
      const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('/index.html'));
      if (!entry) return;
      const closure = (start: Rollup.OutputChunk) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const i of byFile.get(file)?.imports ?? []) visit(i);
        };
        visit(start.fileName);
        return seen;
      };
      const loaded = closure(entry);
      const pages = FIRST_VIEW_PAGES.map(({ paths, module, preload }) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
        if (!chunk) throw new Error(`first-view preload: no chunk for ${module}`);
        const js = preload ? [...closure(chunk)].filter((f) => !loaded.has(f)) : [];
        const css = [...new Set(js.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
        return { paths, scripts: js.map((f) => `/${f}`), styles: css.map((f) => `/${f}`) };
      });
      const early = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('/src/early.ts'));
      if (!early) throw new Error('first-view preload: no chunk for src/early.ts');
      if (early.imports.length > 0) throw new Error('first-view preload: src/early.ts must import nothing');
      this.emitFile({
        type: 'asset',
        fileName: FIRST_VIEW_FILE,
        source: `${JSON.stringify({ early: `/${early.fileName}`, pages }, null, 2)}\n`,
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
function appConfig(mode: string, firstLoad: FirstLoadGroups | null, plugins: Plugin[]): UserConfig {
  return {
    plugins: [react(), pureDomainInitialisers(), adminDevFallback(), ...plugins],
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
        input:
          mode === 'admin'
            ? { admin: fileURLToPath(new URL('./admin.html', import.meta.url)) }
            : {
                index: fileURLToPath(new URL('./index.html', import.meta.url)),
                // The landing pages' early start, loaded beside the entry (src/early.ts).
                early: fileURLToPath(new URL('./src/early.ts', import.meta.url)),
              },
        treeshake: { moduleSideEffects: sideEffectFree },
        output: {
          codeSplitting: {
            // A grouped module's imports stay where the automatic split puts them: otherwise
            // grouping ConfigProvider drags all of rc-form into the first load.
            includeDependenciesRecursively: false,
            groups: firstLoad ? [...VENDOR_GROUPS, ...firstLoadGroups(firstLoad)] : VENDOR_GROUPS,
          },
        },
      },
    },
  };
}

/**
 * Fewer, larger files for the first view (issue 17 item 8, decision 078). The automatic split
 * cuts the libraries the entry loads up front into ~30 small files, and a landing page's
 * libraries into up to 35 more; a browser opens six connections to a host over HTTP/1.1, so on
 * a slow line each further round of requests costs a round trip, and the page's first calls
 * queue behind them. So the libraries the entry loads (React and TanStack aside: they have
 * their own groups) go in one file, `vendor`, and those of the landing pages
 * (`FIRST_VIEW_PAGES`), with their shared components, in one file per set of those pages that
 * load them (`first-list`, `first-detail-list`, …): each landing page still loads exactly the
 * code it did, in a few files (another page that uses one of those modules loads its file).
 *
 * Which modules those are is only known after tree-shaking (antd's barrel imports every
 * component), so a first pass builds the storefront in memory with the automatic split and
 * reads them off the chunks; the real build then groups exactly those.
 */
type FirstLoadGroups = Map<string, ReadonlySet<string>>;

function firstLoadGroups(groups: FirstLoadGroups) {
  return [...groups].map(([name, modules]) => ({
    name,
    test: (id: string) => modules.has(id),
    priority: 20,
  }));
}

async function firstLoadLibraries(mode: string): Promise<FirstLoadGroups> {
  const groups: FirstLoadGroups = new Map();
  const collect: Plugin = {
    name: 'kc:first-load-libraries',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // Every module a chunk loads, but the page module itself (and React and TanStack); of
      // the entry's, the libraries only (its own code stays in its chunk).
      const modulesOf = (start: Rollup.OutputChunk | undefined) => {
        const found = new Set<string>();
        const seen = new Set<string>();
        const visit = (chunk: Rollup.OutputChunk | undefined) => {
          if (!chunk || seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const [id, m] of Object.entries(chunk.modules))
            if (
              m.renderedLength > 0 &&
              id !== start?.facadeModuleId &&
              !VENDOR_GROUPS.some((g) => g.test.test(id))
            )
              found.add(id);
          for (const file of chunk.imports) visit(byFile.get(file));
        };
        visit(start);
        return found;
      };
      const entryChunk = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('/index.html'));
      const entry = modulesOf(entryChunk);
      groups.set('vendor', new Set([...entry].filter((id) => /[\\/]node_modules[\\/]/.test(id))));
      const byPages = new Map<string, Set<string>>();
      const pages = FIRST_VIEW_PAGES.map(({ name, module }) => ({
        name,
        modules: modulesOf(chunks.find((c) => c.facadeModuleId?.endsWith(module))),
      }));
      for (const { modules } of pages)
        for (const id of modules) {
          if (entry.has(id)) continue;
          const key = `first-${pages
            .filter((p) => p.modules.has(id))
            .map((p) => p.name)
            .sort()
            .join('-')}`;
          byPages.set(key, (byPages.get(key) ?? new Set()).add(id));
        }
      for (const [key, modules] of byPages) groups.set(key, modules);
    },
  };
  const config = appConfig(mode, null, [collect]);
  await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    build: { ...config.build, write: false, manifest: false, emptyOutDir: false },
  });
  return groups;
}

export default defineConfig(async ({ mode, command }) =>
  command === 'build' && mode !== 'admin'
    ? appConfig(mode, await firstLoadLibraries(mode), [firstViewPreload()])
    : appConfig(mode, null, []),
);
