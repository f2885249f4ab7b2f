import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../platform/db.js';
import type { AppContext } from '../../platform/context.js';
import { media } from './schema.js';

export interface NewMedia {
  contentType: 'image/svg+xml' | 'image/png' | 'image/jpeg' | 'image/webp';
  /** SVG text, or binary bytes. */
  body: string | Buffer;
  name?: string;
}

/** Stores an image and returns the URL the storefront uses for it (`/media/{id}`). */
export async function saveMedia(db: Queryable, m: NewMedia): Promise<string> {
  const binary = Buffer.isBuffer(m.body);
  const [row] = await db
    .insert(media)
    .values({
      contentType: m.contentType,
      body: binary ? (m.body as Buffer).toString('base64') : (m.body as string),
      encoding: binary ? 'base64' : 'utf8',
      name: m.name ?? '',
    })
    .returning({ id: media.id });
  return mediaUrl(row!.id);
}

export const mediaUrl = (id: number) => `/media/${id}`;

/** `GET /media/:id`: immutable, so cached for a year. */
export function mediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { id: string } }>('/media/:id', async (req, reply) => {
    const id = Number(req.params.id);
    if (!Number.isInteger(id) || id <= 0) return reply.status(404).type('text/plain').send('Not found');
    const [row] = await ctx.database.db.select().from(media).where(eq(media.id, id)).limit(1);
    if (!row) return reply.status(404).type('text/plain').send('Not found');
    reply.header('cache-control', 'public, max-age=31536000, immutable').type(row.contentType);
    return row.encoding === 'base64' ? Buffer.from(row.body, 'base64') : row.body;
  });
}
