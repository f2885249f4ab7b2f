import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { repoRoot } from './lib.js';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The JavaScript the home route loads first: the entry chunk, its static imports, and the
 * lazily loaded home page chunk with its static imports, from Vite's build manifest.
 */
export function homeFirstLoad(): {
  js_gzip_bytes: number;
  js_raw_bytes: number;
  css_gzip_bytes: number;
  files: string[];
} {
  const dist = path.join(repoRoot, 'apps/web/dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  // The storefront's entry: the build has a second one, the back office (admin.html).
  const entryKey = manifest['index.html']?.isEntry
    ? 'index.html'
    : Object.keys(manifest).find((k) => manifest[k]!.isEntry && k !== 'admin.html');
  const homeKey = Object.keys(manifest).find((k) => /features\/home\/(index|HomePage)\.tsx?$/.test(k));
  if (!entryKey) throw new Error('no entry in the Vite manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const i of manifest[key]?.imports ?? []) visit(i);
  };
  visit(entryKey);
  if (homeKey) visit(homeKey);
  const js = [...seen].map((k) => manifest[k]!.file);
  const css = [...new Set([...seen].flatMap((k) => manifest[k]!.css ?? []))];
  const gz = (f: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length;
  const raw = (f: string) => fs.statSync(path.join(dist, f)).size;
  return {
    js_gzip_bytes: js.reduce((s, f) => s + gz(f), 0),
    js_raw_bytes: js.reduce((s, f) => s + raw(f), 0),
    css_gzip_bytes: css.reduce((s, f) => s + gz(f), 0),
    files: [...js, ...css],
  };
}
