import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  BUY_STATUS_TEXT,
  chinaDateTime,
  paginate,
  type AdminBuyListQuery,
  type AdminBuyRequestView,
  type BuyAnswerInput,
  type BuyRequestInput,
  type BuyRequestView,
  type PageQuery,
  type Paginated,
} from '@kc/domain';
import type { Db, Queryable } from '../../platform/db.js';
import { business, notFound } from '../../platform/errors.js';
import { postMessage } from '../account/messages.js';
import { members, operators } from '../account/schema.js';
import { goods } from '../catalog/schema.js';
import { buyRequests } from './schema.js';
import { escapeLike } from '../../platform/db.js';

const COLUMNS = {
  r: buyRequests,
  goodsName: goods.name,
  goodsYpgg: goods.ypgg,
  goodsSccj: goods.sccj,
  company: members.company,
  phone: members.phone,
  operator: operators.name,
};
type Row = {
  r: typeof buyRequests.$inferSelect;
  goodsName: string | null;
  goodsYpgg: string | null;
  goodsSccj: string | null;
  company: string | null;
  phone: string | null;
  operator: string | null;
};

const select = (db: Queryable) =>
  db
    .select(COLUMNS)
    .from(buyRequests)
    .leftJoin(goods, eq(goods.id, buyRequests.goodsId))
    .leftJoin(members, eq(members.id, buyRequests.memberId))
    .leftJoin(operators, eq(operators.id, buyRequests.answeredBy));

function viewOf({ r, ...x }: Row): BuyRequestView {
  return {
    id: r.id,
    name: r.name,
    sccj: r.sccj,
    ypgg: r.ypgg,
    number: r.number,
    approval_no: r.approvalNo,
    remark: r.remark,
    status: r.status,
    status_text: BUY_STATUS_TEXT[r.status],
    reply: r.reply,
    goods:
      r.goodsId && x.goodsName !== null
        ? { id: r.goodsId, name: x.goodsName, ypgg: x.goodsYpgg ?? '', sccj: x.goodsSccj ?? '' }
        : null,
    created_at: chinaDateTime(r.createdAt),
    answered_at: r.answeredAt ? chinaDateTime(r.answeredAt) : '',
  };
}

const adminViewOf = (row: Row): AdminBuyRequestView => ({
  ...viewOf(row),
  member_id: row.r.memberId,
  member_company: row.company ?? '',
  member_phone: row.phone ?? '',
  answered_by: row.operator ?? '',
});

/** `POST /api/user/buy`: files the member's request, waiting for the operator. */
export async function createBuyRequest(
  db: Queryable,
  memberId: number,
  input: BuyRequestInput,
  now: Date,
): Promise<BuyRequestView> {
  const [row] = await db
    .insert(buyRequests)
    .values({
      memberId,
      name: input.name,
      sccj: input.sccj,
      ypgg: input.ypgg,
      number: input.number,
      approvalNo: input.approval_no,
      remark: input.remark,
      createdAt: now,
    })
    .returning({ id: buyRequests.id });
  return buyRequestDetail(db, row!.id, memberId);
}

async function page(
  db: Queryable,
  where: SQL | undefined,
  q: PageQuery,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, [c]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(desc(buyRequests.createdAt), desc(buyRequests.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(buyRequests).where(where),
  ]);
  return { rows, total: c?.n ?? 0 };
}

/** `GET /api/user/buy`: the member's own requests, newest first. */
export async function listBuyRequests(
  db: Queryable,
  memberId: number,
  q: PageQuery,
): Promise<Paginated<BuyRequestView>> {
  const { rows, total } = await page(db, eq(buyRequests.memberId, memberId), q);
  return paginate(rows.map(viewOf), total, q);
}

/** `GET /api/user/buy/:id`: one of the member's own requests (another's is 404). */
export async function buyRequestDetail(db: Queryable, id: number, memberId: number): Promise<BuyRequestView> {
  const [row] = await select(db).where(and(eq(buyRequests.id, id), eq(buyRequests.memberId, memberId)));
  if (!row) throw notFound('求购记录不存在');
  return viewOf(row);
}

/** `GET /api/admin/buy_requests`: every request, by status and a keyword (goods or company). */
export async function adminListBuyRequests(
  db: Queryable,
  q: AdminBuyListQuery,
): Promise<Paginated<AdminBuyRequestView>> {
  const like = `%${escapeLike(q.keyword)}%`;
  const where = and(
    q.status ? eq(buyRequests.status, q.status) : undefined,
    q.keyword
      ? or(ilike(buyRequests.name, like), ilike(buyRequests.sccj, like), ilike(members.company, like))
      : undefined,
  );
  const [rows, [c]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(desc(buyRequests.createdAt), desc(buyRequests.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db
      .select({ n: count() })
      .from(buyRequests)
      .leftJoin(members, eq(members.id, buyRequests.memberId))
      .where(where),
  ]);
  return paginate(rows.map(adminViewOf), c?.n ?? 0, q);
}

export async function adminBuyRequest(db: Queryable, id: number): Promise<AdminBuyRequestView> {
  const [row] = await select(db).where(eq(buyRequests.id, id));
  if (!row) throw notFound('求购记录不存在');
  return adminViewOf(row);
}

/**
 * `POST /api/admin/buy_requests/:id/answer`: sourced (the goods must be listed) or cannot be
 * sourced with a reason. A sourced request is final; one answered "cannot source" may be
 * answered again when the goods is listed later. The buyer gets a message in the same
 * transaction, so an answer is never left unannounced.
 */
export async function answerBuyRequest(
  db: Db,
  id: number,
  operatorId: number,
  input: BuyAnswerInput,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [r] = await tx.select().from(buyRequests).where(eq(buyRequests.id, id)).for('update');
    if (!r) throw notFound('求购记录不存在');
    if (r.status === 'sourced') throw business('该求购已找到货源，不能再次处理');
    let goodsName = '';
    if (input.result === 'sourced') {
      const [g] = await tx
        .select({ name: goods.name, ypgg: goods.ypgg })
        .from(goods)
        .where(and(eq(goods.id, input.goods_id), eq(goods.onShelf, true)));
      if (!g) throw notFound('商品不存在或已下架');
      goodsName = `${g.name}（${g.ypgg}）`;
    }
    await tx
      .update(buyRequests)
      .set({
        status: input.result,
        goodsId: input.result === 'sourced' ? input.goods_id : null,
        reply: input.reply,
        answeredBy: operatorId,
        answeredAt: now,
      })
      .where(eq(buyRequests.id, id));
    const what = `${r.name}（${r.ypgg}，${r.sccj}）`;
    const [title, text] =
      input.result === 'sourced'
        ? [
            '品种求购已找到货源',
            `您求购的${what}已找到货源并上架：${goodsName}，可在求购详情中前往购买。${input.reply ? `客服留言：${input.reply}` : ''}`,
          ]
        : ['品种求购处理结果', `很抱歉，您求购的${what}暂时无法供货。原因：${input.reply}`];
    await postMessage(tx, r.memberId, 'service', title, text, now);
  });
}
