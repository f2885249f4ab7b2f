import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  JOIN_STATUS_TEXT,
  chinaDateTime,
  paginate,
  type AdminJoinListQuery,
  type JoinApplicationView,
  type JoinApplyInput,
  type JoinReviewInput,
  type Paginated,
} from '@kc/domain';
import type { Db, Queryable } from '../../platform/db.js';
import { business, notFound } from '../../platform/errors.js';
import { postMessage } from '../account/messages.js';
import { members, operators } from '../account/schema.js';
import { goods } from '../catalog/schema.js';
import { joinApplications } from './schema.js';

const applicant = alias(members, 'applicant');

const select = (db: Queryable) =>
  db
    .select({
      a: joinApplications,
      goodsName: goods.name,
      company: applicant.company,
      operator: operators.name,
    })
    .from(joinApplications)
    .leftJoin(goods, eq(goods.id, joinApplications.goodsId))
    .leftJoin(applicant, eq(applicant.id, joinApplications.memberId))
    .leftJoin(operators, eq(operators.id, joinApplications.reviewedBy));

type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

const viewOf = ({ a, goodsName, company, operator }: Row): JoinApplicationView => ({
  id: a.id,
  company: a.company,
  name: a.name,
  phone: a.phone,
  region: a.region,
  remark: a.remark,
  goods_name: goodsName ?? '',
  member_company: company ?? '',
  status: a.status,
  status_text: JOIN_STATUS_TEXT[a.status],
  note: a.note,
  reviewed_by: operator ?? '',
  created_at: chinaDateTime(a.createdAt),
  reviewed_at: a.reviewedAt ? chinaDateTime(a.reviewedAt) : '',
});

/**
 * `POST /api/goods/join_apply`: a visitor or a member applies to join the franchise. The goods
 * named, if any, must be listed. Answers the id only: the application holds a phone number.
 */
export async function applyToJoin(
  db: Queryable,
  memberId: number | null,
  input: JoinApplyInput,
  now: Date,
): Promise<{ id: number }> {
  if (input.goods_id !== undefined) {
    const [g] = await db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.id, input.goods_id), eq(goods.onShelf, true)));
    if (!g) throw notFound('商品不存在或已下架');
  }
  const [row] = await db
    .insert(joinApplications)
    .values({
      memberId,
      goodsId: input.goods_id ?? null,
      company: input.company,
      name: input.name,
      phone: input.phone,
      region: input.region,
      remark: input.remark,
      createdAt: now,
    })
    .returning({ id: joinApplications.id });
  return { id: row!.id };
}

/** `GET /api/admin/join_applications`. */
export async function adminListJoinApplications(
  db: Queryable,
  q: AdminJoinListQuery,
): Promise<Paginated<JoinApplicationView>> {
  const where = q.status ? eq(joinApplications.status, q.status) : undefined;
  const [rows, [c]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(desc(joinApplications.createdAt), desc(joinApplications.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(joinApplications).where(where),
  ]);
  return paginate(rows.map(viewOf), c?.n ?? 0, q);
}

export async function adminJoinApplication(db: Queryable, id: number): Promise<JoinApplicationView> {
  const [row] = await select(db).where(eq(joinApplications.id, id));
  if (!row) throw notFound('加盟申请不存在');
  return viewOf(row);
}

/**
 * `POST /api/admin/join_applications/:id/review`: a pending application is approved or
 * rejected once; a member who applied gets a message.
 */
export async function reviewJoinApplication(
  db: Db,
  id: number,
  operatorId: number,
  input: JoinReviewInput,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [a] = await tx.select().from(joinApplications).where(eq(joinApplications.id, id)).for('update');
    if (!a) throw notFound('加盟申请不存在');
    if (a.status !== 'pending') throw business('该申请已审核');
    await tx
      .update(joinApplications)
      .set({ status: input.status, note: input.note, reviewedBy: operatorId, reviewedAt: now })
      .where(eq(joinApplications.id, id));
    if (a.memberId !== null) {
      const passed = input.status === 'approved';
      await postMessage(
        tx,
        a.memberId,
        'service',
        passed ? '加盟申请已通过' : '加盟申请未通过',
        `您为${a.company}提交的加盟申请${passed ? '已通过，招商专员将与您联系' : '未通过'}。${input.note ? `说明：${input.note}` : ''}`,
        now,
      );
    }
  });
}
