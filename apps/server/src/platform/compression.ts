import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';

/**
 * Replies smaller than this go as they are: below one TCP segment compression saves no round
 * trip and costs CPU (a `{code,msg,data:null}` envelope is ~40 bytes).
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text the plugin may compress, besides what mime-db marks compressible: the plugin's own
 * default list without `octet-stream` (a file of unknown type is usually already packed).
 * Server-sent events never: a compressor holds events back until its buffer fills.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|javascript(?:;|$)/u;

/**
 * Compresses replies on the fly (decision 057): brotli at quality 4 or gzip at level 6,
 * whichever the client prefers, above 1 KB, for text types (JSON, HTML, CSS, SVG, CSV…).
 * Left alone:
 * - the built storefront's files: the build already wrote `.br` and `.gz` next to each one
 *   (apps/web/scripts/precompress.mjs) and `@fastify/static` sends those (`preCompressed`);
 * - downloads (`content-disposition: attachment`): they stream with their length, so the
 *   browser shows progress and a range request stays meaningful;
 * - already packed types (JPEG, PNG, WebP, xlsx, zip, PDF, octet-stream), events streams,
 *   partial content, and requests with `x-no-compression`.
 * Request bodies are never inflated: a compressed upload could expand far past the body limit.
 *
 * Register before any route: the plugin attaches itself to each route as it is added.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own route hook, so the storefront's file routes opt out.
  app.addHook('onRoute', (route) => {
    if ((route.config as { file?: unknown } | undefined)?.file !== undefined) route.compress = false;
  });
  // App-level onSend hooks run before the plugin's route-level one.
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload) => {
    const disposition = reply.getHeader('content-disposition');
    if (typeof disposition === 'string' && disposition.startsWith('attachment'))
      req.headers['x-no-compression'] = '1';
    return payload;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
}

/**
 * A page held in memory (index.html, admin.html), compressed once at start-up at the highest
 * levels: the not-found handler that answers deep links is not a route the plugin sees.
 */
export function precompressedPage(html: string): {
  send(req: FastifyRequest, reply: FastifyReply): FastifyReply;
} {
  const raw = Buffer.from(html);
  const br = zlib.brotliCompressSync(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    },
  });
  const gz = zlib.gzipSync(raw, { level: 9 });
  return {
    send(req, reply) {
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      const encoding = pickEncoding(req.headers['accept-encoding']);
      if (encoding === 'br') return reply.header('content-encoding', 'br').send(br);
      if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gz);
      return reply.send(raw);
    },
  };
}

/** `br` or `gzip` when the client accepts it (q > 0), brotli first; else undefined. */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}
