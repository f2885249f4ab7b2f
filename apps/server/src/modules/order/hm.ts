import { sql } from 'drizzle-orm';
import {
  chinaDateTime,
  fenToYuan,
  ORDER_STATUS_TEXT,
  paginate,
  type HmInfoView,
  type HmOrderView,
  type OrderStatus,
  type PageQuery,
  type Paginated,
  type PointsOrderView,
} from '@kc/domain';
import { rowsOf, type Db, type Queryable, type Tx } from '../../platform/db.js';
import { business, invalid, notFound } from '../../platform/errors.js';
import {
  asUpload,
  FILE_COLUMNS,
  fileBody,
  withUploads,
  type CheckedFile,
  type FileRow,
  type UploadCall,
} from '../account/uploads.js';
import type { LockedOrder } from './lifecycle.js';
import type { HmPurchaser } from './schema.js';
import { addEvent } from './write.js';

/** 330102199001011234 → 330102********1234. */
export const maskIdNo = (id: string) =>
  id.length > 10 ? `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}` : id;

export function hmInfoView(orderId: number, p: HmPurchaser | null, receiptAt: Date | null): HmInfoView {
  return {
    purchaser_name: p?.name ?? '',
    purchaser_id_no: p ? maskIdNo(p.idNo) : '',
    purchaser_phone: p?.phone ?? '',
    receipt_status: receiptAt ? 'uploaded' : 'none',
    receipt_uploaded_at: chinaDateTime(receiptAt),
    receipt_url: receiptAt ? `/api/order/${orderId}/hm_receipt` : '',
  };
}

/** `GET /api/order/hm`: the member's orders with 含麻 goods, their lines, lots and receipts. */
export async function hmOrders(
  db: Queryable,
  memberId: number,
  q: PageQuery,
): Promise<Paginated<HmOrderView>> {
  const [c] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from orders where member_id = ${memberId} and is_hm`),
  );
  const res = await db.execute(sql`
    select o.id, o.order_no, o.status, o.created_at, o.shipped_at, o.payable, o.hm_purchaser, o.hm_receipt_at,
      coalesce((select json_agg(json_build_object('name', l.name, 'ypgg', l.ypgg, 'sccj', l.sccj, 'number', l.number,
        'lots', coalesce((select json_agg(json_build_object('batch_no', x.batch_no, 'produced_on', x.produced_on,
          'expires_on', x.expires_on, 'number', x.number)) from order_line_lots x where x.order_line_id = l.id), '[]'::json))
        order by l.id) from order_lines l where l.order_id = o.id and l.is_hm), '[]'::json) as lines
    from orders o where o.member_id = ${memberId} and o.is_hm
    order by o.id desc limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`);
  type Row = {
    id: number;
    order_no: string;
    status: OrderStatus;
    created_at: string;
    shipped_at: string | null;
    payable: number;
    hm_purchaser: HmPurchaser | null;
    hm_receipt_at: string | null;
    lines: HmOrderView['lines'];
  };
  const list = rowsOf<Row>(res).map((o) => ({
    id: o.id,
    order_no: o.order_no,
    status: o.status,
    status_text: ORDER_STATUS_TEXT[o.status],
    created_at: chinaDateTime(o.created_at),
    shipped_at: chinaDateTime(o.shipped_at),
    payable: fenToYuan(o.payable),
    lines: o.lines,
    hm: hmInfoView(o.id, o.hm_purchaser, o.hm_receipt_at ? new Date(o.hm_receipt_at) : null),
    receipt_due: (o.status === 2 || o.status === 3) && !o.hm_receipt_at ? (1 as const) : (0 as const),
  }));
  return paginate(list, c?.n ?? 0, q);
}

/** `POST /api/order/{id}/hm_receipt`: one JPG, PNG or PDF in the `file` part (decision 045). */
export const HM_RECEIPT_UPLOAD: UploadCall = {
  field: 'file',
  maxFiles: 1,
  maxFields: 5,
  types: ['jpg', 'png', 'pdf'],
  message: (why) =>
    ({
      size: '文件不能超过5MB',
      type: '仅支持JPG、PNG或PDF文件',
      count: '每次只能上传一个文件',
      missing: '请上传到货回执',
    })[why],
};

/** `POST /api/order/{id}/hm_receipt`: stores the arrival receipt of a shipped 含麻 order. */
export async function uploadHmReceipt(
  db: Db,
  memberId: number,
  orderId: number,
  file: CheckedFile | undefined,
  now: Date,
): Promise<HmInfoView> {
  if (!file) throw invalid('file', HM_RECEIPT_UPLOAD.message('missing', 0));
  return withUploads(db, memberId, [asUpload(file, '到货回执')], now, async (tx, [fileId]) => {
    const [o] = rowsOf<{ id: number; status: OrderStatus; is_hm: boolean; hm_purchaser: HmPurchaser | null }>(
      await tx.execute(sql`select id, status, is_hm, hm_purchaser from orders
        where id = ${orderId} and member_id = ${memberId} for update`),
    );
    if (!o) throw notFound('订单不存在');
    if (!o.is_hm) throw business('该订单不含含麻药品，无需上传到货回执');
    if (o.status !== 2 && o.status !== 3) throw business('订单发货后才能上传到货回执');
    await tx.execute(
      sql`update orders set hm_receipt_file_id = ${fileId!}, hm_receipt_at = ${now} where id = ${orderId}`,
    );
    await addEvent(tx, orderId, 'hm_receipt', '已上传含麻药品到货回执', 'member', now);
    return hmInfoView(orderId, o.hm_purchaser, now);
  });
}

/** The receipt file, for its member (or an operator when `memberId` is null). */
export async function hmReceiptFile(db: Queryable, memberId: number | null, orderId: number) {
  const [f] = rowsOf<FileRow>(
    await db.execute(sql`select ${FILE_COLUMNS} from orders o join uploaded_files f on f.id = o.hm_receipt_file_id
      where o.id = ${orderId} ${memberId === null ? sql`` : sql`and o.member_id = ${memberId}`}`),
  );
  if (!f) throw notFound('到货回执不存在');
  return fileBody(db, f);
}

/** `GET /api/order/points`: points orders (积分订单), newest first. */
export async function pointsOrders(
  db: Queryable,
  memberId: number,
  q: PageQuery,
): Promise<Paginated<PointsOrderView>> {
  const [c] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from orders where member_id = ${memberId} and kind = 'points'`,
    ),
  );
  const res = await db.execute(sql`
    select o.id, o.order_no, o.status, o.created_at, o.points_amount,
      coalesce((select json_agg(json_build_object('name', l.name, 'number', l.number, 'image', l.image) order by l.id)
        from order_lines l where l.order_id = o.id), '[]'::json) as lines
    from orders o where o.member_id = ${memberId} and o.kind = 'points'
    order by o.id desc limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`);
  type Row = {
    id: number;
    order_no: string;
    status: OrderStatus;
    created_at: string;
    points_amount: number;
    lines: PointsOrderView['lines'];
  };
  return paginate(
    rowsOf<Row>(res).map((o) => ({
      id: o.id,
      order_no: o.order_no,
      status: o.status,
      status_text: ORDER_STATUS_TEXT[o.status],
      created_at: chinaDateTime(o.created_at),
      points: o.points_amount,
      lines: o.lines,
    })),
    c?.n ?? 0,
    q,
  );
}

/** 含麻 purchaser identity as the pay call sends it. */
export interface Purchaser {
  purchaser_name: string;
  purchaser_id_no: string;
  purchaser_phone: string;
}

/** Records the 含麻 purchaser once; an order with 含麻 goods cannot be paid without one. */
export async function recordPurchaser(tx: Tx, o: LockedOrder, p: Purchaser | null, now: Date): Promise<void> {
  if (!o.isHm || o.hasPurchaser) return;
  if (!p) throw invalid('purchaser_name', '含麻黄碱类药品订单须登记购买人身份信息');
  await tx.execute(sql`
    update orders set hm_purchaser = ${JSON.stringify({
      name: p.purchaser_name,
      idNo: p.purchaser_id_no,
      phone: p.purchaser_phone,
      recordedAt: now.toISOString(),
    })}::jsonb where id = ${o.id}`);
  await addEvent(tx, o.id, 'hm_purchaser', `已登记含麻药品购买人：${p.purchaser_name}`, 'member', now);
}
