import { sql, type SQL } from 'drizzle-orm';
import {
  chinaDate,
  chinaDateTime,
  fenToYuan,
  lineRefund,
  nextOrderStatus,
  orderActionRefusal,
  paginate,
  RETURN_KIND_TEXT,
  RETURN_STATUS_TEXT,
  type OrderStatus,
  type PageQuery,
  type Paginated,
  type ReturnDetailView,
  type ReturnLineView,
  type ReturnListItemView,
  type ReturnRequestInput,
  type ReturnStatus,
} from '@kc/domain';
import { rowsOf, type Db, type Queryable } from '../../platform/db.js';
import { business, notFound } from '../../platform/errors.js';
import {
  asUpload,
  FILE_COLUMNS,
  fileBody,
  withUploads,
  type CheckedFile,
  type FileRow,
  type UploadCall,
} from '../account/uploads.js';
import { getSiteSettings } from '../content/settings.js';
import { lockOrder } from './lifecycle.js';
import { actionsOf, OPEN_RETURN } from './read.js';
import { returnLines } from './schema.js';
import { addEvent } from './write.js';

/** 'TH' + China date + id, like the order number. */
export const returnNo = (id: number, now: Date) =>
  `TH${chinaDate(now).replaceAll('-', '')}${String(id).padStart(8, '0')}`;

/**
 * `POST /api/order/{id}/return`: up to 5 JPG or PNG photos in `photos` parts (a PDF suits
 * documents only), the other fields as parts (decision 045).
 */
export const RETURN_UPLOAD: UploadCall = {
  field: 'photos',
  maxFiles: 5,
  // kind, reason, description and two per line (300 lines at most)
  maxFields: 610,
  types: ['jpg', 'png'],
  message: (why, i) =>
    ({
      size: `第${i + 1}张照片：文件不能超过5MB`,
      type: `第${i + 1}张照片仅支持JPG或PNG图片`,
      count: '最多上传5张照片',
      missing: `第${i + 1}张照片是空文件`,
    })[why],
};

const photoOf = (f: CheckedFile, i: number) => asUpload(f, `退货照片${i + 1}`);

type LineRow = Record<'id' | 'number' | 'returned_number' | 'pay_amount' | 'open_number', number> &
  Record<'name' | 'bzdw', string> & { is_gift: boolean };

/** Why the order takes no return now, or null when it does. */
function returnRefusal(o: { status: OrderStatus; kind: string; completed_at: string | null }, now: Date) {
  const completedAt = o.completed_at ? new Date(o.completed_at) : null;
  if (actionsOf({ status: o.status, completedAt, kind: o.kind }, now).can_return) return null;
  if (o.kind !== 'goods') return '积分订单不能申请退货/售后';
  if (nextOrderStatus(o.status, 'return') === null) return orderActionRefusal(o.status, 'return');
  return '订单完成已超过30天，不能申请退货/售后';
}

/**
 * `POST /api/order/{id}/return`. Under the order's row lock, so two requests cannot claim the
 * same units: each line must be a paid line of the order with units not yet returned nor
 * claimed by an open request. The refund shown is lineRefund's share; the amount is fixed
 * when refunded (return-review.ts refundLines), from the units refunded by then.
 */
export async function requestReturn(
  db: Db,
  memberId: number,
  orderId: number,
  input: Omit<ReturnRequestInput, 'photos'>,
  uploads: readonly CheckedFile[],
  now: Date,
): Promise<ReturnDetailView> {
  const photos = uploads.map(photoOf);
  const wanted = new Map<number, number>();
  for (const l of input.lines) wanted.set(l.line_id, (wanted.get(l.line_id) ?? 0) + l.number);
  const id = await withUploads(db, memberId, photos, now, async (tx, files) => {
    const o = await lockOrder(tx, orderId, memberId);
    const [head] = rowsOf<{ kind: string; completed_at: string | null; next_id: number }>(
      await tx.execute(sql`select kind, completed_at,
        nextval(pg_get_serial_sequence('return_requests', 'id'))::int as next_id from orders where id = ${o.id}`),
    );
    const refusal = returnRefusal({ ...head!, status: o.status }, now);
    if (refusal) throw business(refusal);
    const lines = rowsOf<LineRow>(
      await tx.execute(sql`
        select l.id, l.name, l.bzdw, l.is_gift, l.number, l.returned_number, l.pay_amount,
          coalesce((select sum(rl.number) from return_lines rl join return_requests r on r.id = rl.return_id
            where rl.order_line_id = l.id and r.status in ${OPEN_RETURN}), 0)::int as open_number
        from order_lines l where l.order_id = ${o.id}`),
    );
    const byId = new Map(lines.map((l) => [l.id, l]));
    const rows = [...wanted].map(([lineId, n]) => {
      const l = byId.get(lineId);
      if (!l) throw business('所选商品不属于该订单');
      if (l.is_gift) throw business(`${l.name}是赠品，不能单独申请退货`);
      const claimed = l.returned_number + l.open_number;
      const left = l.number - claimed;
      const most = left > 0 ? `，最多还可退${left}${l.bzdw}` : '，已无可退数量';
      if (n > left) throw business(`${l.name}超过可退数量${most}`);
      return { orderLineId: l.id, number: n, refundAmount: lineRefund(l.pay_amount, l.number, claimed, n) };
    });
    const rid = head!.next_id;
    const no = returnNo(rid, now);
    const fileIds = [...files].sort((a, b) => a - b);
    const timeline = JSON.stringify([{ at: now.toISOString(), text: '提交申请' }]);
    await tx.execute(sql`insert into return_requests (id, return_no, order_id, member_id, kind, status, reason,
        description, photo_file_ids, refund_amount, timeline, created_at, updated_at)
      values (${rid}, ${no}, ${o.id}, ${memberId}, ${input.kind}, 'pending', ${input.reason}, ${input.description},
        ${sql.param(fileIds)}::int[], ${rows.reduce((s, r) => s + r.refundAmount, 0)}, ${timeline}::jsonb, ${now}, ${now})`);
    await tx.insert(returnLines).values(rows.map((r) => ({ returnId: rid, ...r })));
    await addEvent(tx, o.id, 'return', `提交${RETURN_KIND_TEXT[input.kind]}申请${no}`, 'member', now);
    return rid;
  });
  return returnDetail(db, id, memberId);
}

const memberScope = (memberId: number | undefined) =>
  memberId === undefined ? sql`` : sql`and r.member_id = ${memberId}`;

/** One request in full: the member's own (`memberId`), or any for an operator (photo URLs differ). */
export async function returnDetail(db: Queryable, id: number, memberId?: number): Promise<ReturnDetailView> {
  type Line = Omit<ReturnLineView, 'price' | 'refund_amount'> & Record<'price' | 'refund_amount', number>;
  type Computed = 'lines' | 'timeline' | 'photos' | 'kind_text' | 'status_text' | 'refund_amount';
  type Row = Omit<ReturnDetailView, Computed> & Record<'refund_amount' | 'photo_count', number>;
  const [r] = rowsOf<Row & { lines: Line[]; timeline: { at: string; text: string }[] }>(
    await db.execute(sql`
      select r.id, r.return_no, r.kind, r.status, r.order_id, o.order_no, r.reason, r.description, r.refund_amount,
        r.admin_remark, r.created_at, r.timeline, cardinality(r.photo_file_ids) as photo_count,
        coalesce((select json_agg(json_build_object('order_line_id', l.id, 'goods_id', l.goods_id, 'name', l.name,
          'ypgg', l.ypgg, 'sccj', l.sccj, 'image', l.image, 'price', l.unit_price, 'number', rl.number,
          'refund_amount', rl.refund_amount, 'lots', coalesce((select json_agg(json_build_object('batch_no', x.batch_no,
            'produced_on', x.produced_on, 'expires_on', x.expires_on, 'number', x.number) order by x.expires_on, x.id)
            from order_line_lots x where x.order_line_id = l.id), '[]'::json)) order by rl.id)
          from return_lines rl join order_lines l on l.id = rl.order_line_id where rl.return_id = r.id), '[]'::json) as lines
      from return_requests r join orders o on o.id = r.order_id
      where r.id = ${id} ${memberScope(memberId)}`),
  );
  if (!r) throw notFound('退货申请不存在');
  const { photo_count, timeline, lines, ...rest } = r;
  const base = memberId === undefined ? `/api/admin/returns/${id}` : `/api/order/return/${id}`;
  const sent = r.status === 'approved' || r.status === 'received' || r.status === 'refunded';
  return {
    ...rest,
    kind_text: RETURN_KIND_TEXT[r.kind],
    status_text: RETURN_STATUS_TEXT[r.status],
    photos: Array.from({ length: Number(photo_count) }, (_, i) => `${base}/photo/${i + 1}`),
    refund_amount: fenToYuan(r.refund_amount),
    created_at: chinaDateTime(r.created_at),
    lines: lines.map((l) => ({ ...l, price: fenToYuan(l.price), refund_amount: fenToYuan(l.refund_amount) })),
    timeline: timeline.map((e) => ({ time: chinaDateTime(e.at), text: e.text })),
    return_address: sent ? (await getSiteSettings(db)).return_address : '',
  };
}

/** Requests newest first: a member's own, or every member's by status for an operator. */
export async function listReturns(
  db: Queryable,
  q: PageQuery,
  filter: { memberId?: number; status?: ReturnStatus },
): Promise<Paginated<ReturnListItemView>> {
  const where: SQL = sql`true ${memberScope(filter.memberId)} ${filter.status ? sql`and r.status = ${filter.status}` : sql``}`;
  const [c] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from return_requests r where ${where}`),
  );
  type Row = Omit<ReturnListItemView, 'refund_amount'> & { refund_amount: number; company: string };
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select r.id, r.return_no, r.kind, r.status, r.created_at, r.order_id, o.order_no, r.refund_amount, m.company,
        (select coalesce(sum(rl.number), 0)::int from return_lines rl where rl.return_id = r.id) as number
      from return_requests r join orders o on o.id = r.order_id join members m on m.id = r.member_id
      where ${where} order by r.id desc limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  const list = rows.map(({ company, ...r }) => ({
    ...r,
    status_text: RETURN_STATUS_TEXT[r.status],
    created_at: chinaDateTime(r.created_at),
    refund_amount: fenToYuan(r.refund_amount),
    member_company: filter.memberId === undefined ? company : '',
  }));
  return paginate(list, c?.n ?? 0, q);
}

/** Photo `n` (from 1) of a request: the member's own, or any for an operator. */
export async function returnPhoto(db: Queryable, id: number, n: number, memberId?: number) {
  const [f] = rowsOf<FileRow>(
    await db.execute(sql`select ${FILE_COLUMNS} from return_requests r join uploaded_files f on f.id = r.photo_file_ids[${n}]
      where r.id = ${id} ${memberScope(memberId)}`),
  );
  if (!f) throw notFound('照片不存在');
  return fileBody(db, f);
}
