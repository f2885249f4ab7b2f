import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_STATUS_TEXT,
  FEEDBACK_TYPES,
  chinaDateTime,
  paginate,
  type AdminFeedbackListQuery,
  type AdminFeedbackView,
  type FeedbackInput,
  type FeedbackType,
  type FeedbackView,
  type PageQuery,
  type Paginated,
} from '@kc/domain';
import { rowsOf, type Db, type Queryable } from '../../platform/db.js';
import { business, notFound } from '../../platform/errors.js';
import { postMessage } from '../account/messages.js';
import { members, operators } from '../account/schema.js';
import {
  asUpload,
  FILE_COLUMNS,
  fileBody,
  withUploads,
  type CheckedFile,
  type FileRow,
  type UploadCall,
} from '../account/uploads.js';
import { feedbacks } from './schema.js';

/** `POST /api/user/feedback`: up to three JPG or PNG images in `images` parts. */
export const FEEDBACK_UPLOAD: UploadCall = {
  field: 'images',
  maxFiles: FEEDBACK_MAX_IMAGES,
  maxFields: 3,
  types: ['jpg', 'png'],
  message: (why, i) =>
    ({
      size: `第${i + 1}张图片：文件不能超过5MB`,
      type: `第${i + 1}张图片仅支持JPG或PNG图片`,
      count: `最多上传${FEEDBACK_MAX_IMAGES}张图片`,
      missing: `第${i + 1}张图片是空文件`,
    })[why],
};

type Row = {
  f: typeof feedbacks.$inferSelect;
  company: string | null;
  phone: string | null;
  operator: string | null;
};

const select = (db: Queryable) =>
  db
    .select({ f: feedbacks, company: members.company, phone: members.phone, operator: operators.name })
    .from(feedbacks)
    .leftJoin(members, eq(members.id, feedbacks.memberId))
    .leftJoin(operators, eq(operators.id, feedbacks.repliedBy));

function viewOf({ f }: Row, imageBase: string): FeedbackView {
  const type = f.type as FeedbackType;
  return {
    id: f.id,
    type,
    type_text: FEEDBACK_TYPES[type] ?? '其他',
    content: f.content,
    contact: f.contact,
    images: f.imageFileIds.map((_, i) => `${imageBase}/${f.id}/image/${i + 1}`),
    status: f.status,
    status_text: FEEDBACK_STATUS_TEXT[f.status],
    reply: f.reply,
    created_at: chinaDateTime(f.createdAt),
    replied_at: f.repliedAt ? chinaDateTime(f.repliedAt) : '',
  };
}

const adminViewOf = (row: Row): AdminFeedbackView => ({
  ...viewOf(row, '/api/admin/feedback'),
  member_id: row.f.memberId,
  member_company: row.company ?? '',
  member_phone: row.phone ?? '',
  replied_by: row.operator ?? '',
});

/** `POST /api/user/feedback`: the feedback and its images, kept in one transaction. */
export async function createFeedback(
  db: Db,
  memberId: number,
  input: FeedbackInput,
  images: readonly CheckedFile[],
  now: Date,
): Promise<FeedbackView> {
  const files = images.map((f, i) => asUpload(f, `反馈图片${i + 1}`));
  const id = await withUploads(db, memberId, files, now, async (tx, fileIds) => {
    const [row] = await tx
      .insert(feedbacks)
      .values({
        memberId,
        type: input.type,
        content: input.content,
        contact: input.contact,
        imageFileIds: fileIds,
        createdAt: now,
      })
      .returning({ id: feedbacks.id });
    return row!.id;
  });
  const [row] = await select(db).where(eq(feedbacks.id, id));
  return viewOf(row!, '/api/user/feedback');
}

async function listWhere(db: Queryable, where: SQL | undefined, q: PageQuery) {
  const [rows, [c]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(feedbacks).where(where),
  ]);
  return { rows, total: c?.n ?? 0 };
}

/** `GET /api/user/feedback`: the member's own feedback with the replies, newest first. */
export async function listFeedback(
  db: Queryable,
  memberId: number,
  q: PageQuery,
): Promise<Paginated<FeedbackView>> {
  const { rows, total } = await listWhere(db, eq(feedbacks.memberId, memberId), q);
  return paginate(
    rows.map((r) => viewOf(r, '/api/user/feedback')),
    total,
    q,
  );
}

/** `GET /api/admin/feedback`: every feedback, by status and type; unanswered complaints first. */
export async function adminListFeedback(
  db: Queryable,
  q: AdminFeedbackListQuery,
): Promise<Paginated<AdminFeedbackView>> {
  const where = and(
    q.status ? eq(feedbacks.status, q.status) : undefined,
    q.type ? eq(feedbacks.type, q.type) : undefined,
  );
  const [rows, [c]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(
        sql`(${feedbacks.status} = 'pending' and ${feedbacks.type} = 4) desc`,
        desc(feedbacks.createdAt),
        desc(feedbacks.id),
      )
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(feedbacks).where(where),
  ]);
  return paginate(rows.map(adminViewOf), c?.n ?? 0, q);
}

export async function adminFeedback(db: Queryable, id: number): Promise<AdminFeedbackView> {
  const [row] = await select(db).where(eq(feedbacks.id, id));
  if (!row) throw notFound('反馈不存在');
  return adminViewOf(row);
}

/**
 * `POST /api/admin/feedback/:id/reply`: the reply (a later reply replaces it) and a message
 * to the member, in one transaction.
 */
export async function replyFeedback(
  db: Db,
  id: number,
  operatorId: number,
  reply: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [f] = await tx.select().from(feedbacks).where(eq(feedbacks.id, id)).for('update');
    if (!f) throw notFound('反馈不存在');
    if (f.status === 'replied' && f.reply === reply) throw business('回复内容未变化');
    await tx
      .update(feedbacks)
      .set({ status: 'replied', reply, repliedBy: operatorId, repliedAt: now })
      .where(eq(feedbacks.id, id));
    const type = FEEDBACK_TYPES[f.type as FeedbackType] ?? '反馈';
    await postMessage(tx, f.memberId, 'service', `您的${type}已收到回复`, `客服回复：${reply}`, now);
  });
}

/** Image `n` (from 1) of a feedback: the member's own, or any for an operator. */
export async function feedbackImage(db: Queryable, id: number, n: number, memberId?: number) {
  const scope = memberId === undefined ? sql`` : sql`and fb.member_id = ${memberId}`;
  const [f] = rowsOf<FileRow>(
    await db.execute(sql`select ${FILE_COLUMNS} from feedbacks fb join uploaded_files f on f.id = fb.image_file_ids[${n}]
      where fb.id = ${id} ${scope}`),
  );
  if (!f) throw notFound('图片不存在');
  return fileBody(db, f);
}
