import type { FastifyInstance } from 'fastify';
import { GOODS_IMAGE_RULES, type GoodsImageType, type GoodsImageUploaded } from '@kc/domain';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { ok } from '../../platform/http.js';
import { readMultipart, type DetectedType } from '../../platform/multipart.js';
import { saveMedia, type NewMedia } from '../content/media.js';

/** file-type's answers a goods photo may be, and the type it is served with. */
const KINDS: Record<string, { ext: GoodsImageType; mime: string }> = {
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  apng: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
};
const kindOf = (t: DetectedType) => (t ? KINDS[t.ext] : undefined);

const MB = GOODS_IMAGE_RULES.maxBytes / 1024 / 1024;
const TYPE_MESSAGE = '仅支持JPG、PNG或WebP图片';

/**
 * `POST /api/admin/goods/images` (goods.edit): one `file` part, JPG/PNG/WebP by its bytes
 * (file-type, never the name or declared type), at most 5 MB, cut off while streaming. The
 * image is kept like the other storefront images, in content's media table (bytes as base64,
 * no schema change), and answered as its public `/media/{id}` address, which GET /media/:id
 * serves to anyone with its content type and a year's immutable caching. The goods editor
 * puts the address in the goods' `images` list; saving the goods is a separate call.
 */
export function goodsImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  app.post('/goods/images', { config: { access: 'goods.edit', upload: true } }, async (req) => {
    const { files } = await readMultipart(req, {
      maxFiles: 1,
      maxFields: 2,
      maxBytes: GOODS_IMAGE_RULES.maxBytes,
      accepts: (t) => kindOf(t) !== undefined,
      refuse: (why) =>
        invalid(
          GOODS_IMAGE_RULES.field,
          why === 'size' ? `图片不能超过${MB}MB` : why === 'count' ? '一次只能上传一张图片' : TYPE_MESSAGE,
        ),
    });
    const file = files[0];
    if (!file || file.bytes.length === 0) throw invalid(GOODS_IMAGE_RULES.field, '请选择要上传的图片');
    if (file.field !== GOODS_IMAGE_RULES.field) throw invalid(file.field, '不支持的文件字段');
    const kind = kindOf(file.type)!;
    const name = file.filename.slice(0, 200);
    const url = await saveMedia(db, {
      // media.content_type is text; content's NewMedia type does not list WebP yet.
      contentType: kind.mime as NewMedia['contentType'],
      body: file.bytes,
      name,
    });
    audit(req, {
      action: 'goods_image.upload',
      entity: 'goods_image',
      entityId: url.slice(url.lastIndexOf('/') + 1),
      summary: `上传商品图片 ${name || url}（${kind.ext.toUpperCase()}，${Math.ceil(file.bytes.length / 1024)}KB）`,
      after: { url, name, type: kind.mime, bytes: file.bytes.length, sha256: file.sha256 },
    });
    const reply: GoodsImageUploaded = { url };
    return ok(reply, '图片已上传');
  });
}
