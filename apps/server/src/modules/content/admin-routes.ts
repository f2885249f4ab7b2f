import type { FastifyInstance } from 'fastify';
import {
  ARTICLE_IMAGE_RULES,
  adminArticleInputSchema,
  adminArticleListQuerySchema,
  articleCategoryInputSchema,
  articlePublishedSchema,
  idParamsSchema,
  type AdminArticleDetail,
} from '@kc/domain';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { ok, parse } from '../../platform/http.js';
import { readMultipart, type DetectedType } from '../../platform/multipart.js';
import {
  adminArticleCategories,
  adminArticleDetail,
  adminCreateArticleCategory,
  adminUpdateArticleCategory,
  listAdminArticles,
} from './admin-articles.js';
import { createArticle, setArticlePublished, UNPUBLISHED_AT, updateArticle } from './articles.js';
import { saveMedia, type NewMedia } from './media.js';

/** Image types an article may carry, by the bytes (file-type), and what they are served as. */
const IMAGE_TYPES: Record<string, NewMedia['contentType']> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  apng: 'image/png',
  webp: 'image/webp',
};
const typeOf = (t: DetectedType) => (t ? IMAGE_TYPES[t.ext] : undefined);
const MB = ARTICLE_IMAGE_RULES.maxBytes / 1024 / 1024;

/** An article as the audit log keeps it: the fields and the body's length, not the body. */
const logged = ({ body, ...view }: AdminArticleDetail) => ({ ...view, body_length: body.length });

/**
 * The help centre's and the news' back office under `/api/admin` (docs/api/content.md):
 * articles by category, their publication, the categories, and images for article bodies.
 * Reads need content.read, writes content.edit (客服 and 管理员); every write is audited and
 * drops the cached layout data (the footer's help columns) on every instance.
 */
export function contentAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const read = { config: { access: 'content.read' } } as const;
  const edit = { config: { access: 'content.edit' } } as const;
  const idOf = (params: unknown) => parse(idParamsSchema, params).id;

  app.get('/articles', read, async (req) =>
    ok(await listAdminArticles(db, parse(adminArticleListQuerySchema, req.query), ctx.now())),
  );

  app.get('/articles/:id', read, async (req) =>
    ok(await adminArticleDetail(db, idOf(req.params), ctx.now())),
  );

  app.post('/articles', edit, async (req) => {
    const { published, ...input } = parse(adminArticleInputSchema, req.body);
    const now = ctx.now();
    const id = await createArticle(
      db,
      input,
      ctx.bus,
      published ? (input.published_at ?? now) : UNPUBLISHED_AT,
    );
    const after = await adminArticleDetail(db, id, now);
    audit(req, {
      action: 'article.create',
      entity: 'article',
      entityId: id,
      summary: `新建文章 ${after.title}（${after.category_name}，${after.status_text}）`,
      after: logged(after),
    });
    return ok(after, '文章已保存');
  });

  app.put('/articles/:id', edit, async (req) => {
    const id = idOf(req.params);
    const { published, ...input } = parse(adminArticleInputSchema, req.body);
    const now = ctx.now();
    const before = await adminArticleDetail(db, id, now);
    // Published without a time: an article already up keeps its date, one down goes up now.
    const at = !published
      ? UNPUBLISHED_AT
      : (input.published_at ?? (before.status === 'published' ? undefined : now));
    await updateArticle(db, id, input, ctx.bus, at);
    const after = await adminArticleDetail(db, id, now);
    audit(req, {
      action: 'article.update',
      entity: 'article',
      entityId: id,
      summary: `修改文章 ${after.title}（${after.status_text}）`,
      before: logged(before),
      after: logged(after),
    });
    return ok(after, '文章已保存');
  });

  app.put('/articles/:id/published', edit, async (req) => {
    const id = idOf(req.params);
    const { published } = parse(articlePublishedSchema, req.body);
    const now = ctx.now();
    const before = await adminArticleDetail(db, id, now);
    await setArticlePublished(db, id, published, now, ctx.bus);
    const after = await adminArticleDetail(db, id, now);
    audit(req, {
      action: published ? 'article.publish' : 'article.unpublish',
      entity: 'article',
      entityId: id,
      summary: `${published ? '发布' : '下线'}文章 ${after.title}`,
      before: { status: before.status, published_at: before.published_at },
      after: { status: after.status, published_at: after.published_at },
    });
    return ok(after, published ? '文章已发布' : '文章已下线');
  });

  app.get('/article_categories', read, async () => ok(await adminArticleCategories(db)));

  app.post('/article_categories', edit, async (req) => {
    const after = await adminCreateArticleCategory(db, parse(articleCategoryInputSchema, req.body), ctx.bus);
    audit(req, {
      action: 'article_category.create',
      entity: 'article_category',
      entityId: after.id,
      summary: `新建文章分类 ${after.name}`,
      after,
    });
    return ok(after, '分类已保存');
  });

  app.put('/article_categories/:id', edit, async (req) => {
    const id = idOf(req.params);
    const { before, after } = await adminUpdateArticleCategory(
      db,
      id,
      parse(articleCategoryInputSchema, req.body),
      ctx.bus,
    );
    audit(req, {
      action: 'article_category.update',
      entity: 'article_category',
      entityId: id,
      summary: `修改文章分类 ${after.name}`,
      before: { ...before, children: undefined },
      after: { ...after, children: undefined },
    });
    return ok(after, '分类已保存');
  });

  // Like the goods photos (catalog/admin-images.ts): typed by the bytes, cut off past the
  // limit while streaming, kept in the media store and answered as its public address.
  app.post('/articles/images', { config: { access: 'content.edit', upload: true } }, async (req) => {
    const { files } = await readMultipart(req, {
      maxFiles: 1,
      maxFields: 2,
      maxBytes: ARTICLE_IMAGE_RULES.maxBytes,
      accepts: (t) => typeOf(t) !== undefined,
      refuse: (why) =>
        invalid(
          ARTICLE_IMAGE_RULES.field,
          why === 'size'
            ? `图片不能超过${MB}MB`
            : why === 'count'
              ? '一次只能上传一张图片'
              : '仅支持JPG、PNG或WebP图片',
        ),
    });
    const file = files[0];
    if (!file || file.bytes.length === 0) throw invalid(ARTICLE_IMAGE_RULES.field, '请选择要上传的图片');
    if (file.field !== ARTICLE_IMAGE_RULES.field) throw invalid(file.field, '不支持的文件字段');
    const name = file.filename.slice(0, 200);
    const url = await saveMedia(db, { contentType: typeOf(file.type)!, body: file.bytes, name });
    audit(req, {
      action: 'article_image.upload',
      entity: 'article_image',
      entityId: url.slice(url.lastIndexOf('/') + 1),
      summary: `上传文章图片 ${name || url}`,
      after: { url, name, bytes: file.bytes.length, sha256: file.sha256 },
    });
    return ok({ url }, '图片已上传');
  });
}
