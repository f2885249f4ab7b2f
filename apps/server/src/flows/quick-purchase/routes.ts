import type { FastifyInstance } from 'fastify';
import { QUICK_LIMITS, fastBuyQuerySchema, quickCartSchema, quickMatchTextSchema } from '@kc/domain';
import { requireMember } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { ok, parse } from '../../platform/http.js';
import { readMultipart } from '../../platform/multipart.js';
import { quickAddToCart } from './cart.js';
import { fastBuy } from './fast-buy.js';
import { matchList } from './match.js';
import { fileRows, pastedRows, type ListRow } from './rows.js';

const MB = Math.round(QUICK_LIMITS.maxBytes / 1024 / 1024);

/**
 * Quick purchase (issue 14 §1, docs/api.md "Quick purchase"): match a pasted or uploaded list,
 * put the chosen goods in the cart, and the regular-purchase list of SPEC §7.
 */
export function quickPurchaseRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.post('/api/quick_buy/match', { config: { upload: true } }, async (req) => {
    const memberId = await requireMember(req);
    const { fields, files } = await readMultipart(req, {
      maxFiles: 1,
      maxFields: 3,
      maxBytes: QUICK_LIMITS.maxBytes,
      // An .xlsx is a zip (file-type says xlsx or zip); a CSV is text it does not know.
      accepts: (t) => t === null || t.ext === 'xlsx' || t.ext === 'zip',
      refuse: (why) =>
        invalid(
          'file',
          why === 'size'
            ? `文件不能超过${MB}MB`
            : why === 'count'
              ? '一次只能上传一个文件'
              : '仅支持.xlsx或.csv文件',
        ),
    });
    let rows: ListRow[];
    const file = files[0];
    if (file) {
      if (file.bytes.length === 0) throw invalid('file', '请选择要上传的文件');
      const name = file.filename.toLowerCase();
      const format = file.type ? 'xlsx' : name.endsWith('.csv') || name.endsWith('.txt') ? 'csv' : null;
      if (!format) throw invalid('file', '仅支持.xlsx或.csv文件');
      rows = await fileRows(file.bytes, format);
    } else {
      rows = await pastedRows(parse(quickMatchTextSchema, fields).text);
    }
    const reply = await matchList(db, memberId, rows);
    return ok(
      reply,
      `共${reply.summary.total}行：匹配${reply.summary.matched}行，待选择${reply.summary.ambiguous}行，未匹配${reply.summary.unmatched}行`,
    );
  });

  app.post('/api/quick_buy/cart', async (req) => {
    const memberId = await requireMember(req);
    const { params } = parse(quickCartSchema, req.body);
    const r = await quickAddToCart(db, memberId, params, ctx.now());
    const msg =
      r.skipped.length > 0
        ? `已加入购物车${r.added}种商品，${r.skipped.length}种未能加入`
        : `已加入购物车${r.added}种商品`;
    return ok(r, msg);
  });

  app.get('/api/user/fast_buy', async (req) => {
    const memberId = await requireMember(req);
    return ok(await fastBuy(db, memberId, parse(fastBuyQuerySchema, req.query)));
  });
}
