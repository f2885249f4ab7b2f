import { sql } from 'drizzle-orm';
import type { DocumentStatus, DocumentType, MessageKind, OperatorRole, SmsScene } from '@kc/domain';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Dedicated customer-service people who can be assigned to a member account. */
export const serviceStaff = pgTable('service_staff', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  qq: text('qq').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  /** The operator (a 客服) who answers the chat of the members this card is assigned to. */
  operatorId: integer('operator_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Review state of a member's qualifications. */
export type MemberStatus = 'draft' | 'pending' | 'approved' | 'rejected';

/** A company account (pharmacy, clinic, …). One row is one store; stores of a chain share `phone`. */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    companyType: text('company_type').notNull().default('药店'),
    face: text('face').notNull().default(''),
    rank: integer('rank').notNull().default(1),
    status: text('status').$type<MemberStatus>().notNull().default('pending'),
    rejectReason: text('reject_reason').notNull().default(''),
    points: integer('points').notNull().default(0),
    /** Wallet balance in fen. */
    balance: integer('balance').notNull().default(0),
    region: text('region').notNull().default(''),
    address: text('address').notNull().default(''),
    wechatOpenid: text('wechat_openid'),
    /** Registration step 2: contact person, licence numbers, business scope (经营范围). */
    contact: text('contact').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    businessLicenceNo: text('business_licence_no').notNull().default(''),
    drugLicenceNo: text('drug_licence_no').notNull().default(''),
    businessScope: text('business_scope')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** E-contract signature (version, time, IP). */
    contractVersion: text('contract_version').notNull().default(''),
    contractSignedAt: timestamp('contract_signed_at', { withTimezone: true }),
    contractIp: text('contract_ip').notNull().default(''),
    serviceStaffId: integer('service_staff_id').references(() => serviceStaff.id),
    isSpecial: boolean('is_special').notNull().default(false),
    isShowYoux: boolean('is_show_youx').notNull().default(true),
    isCanChat: boolean('is_can_chat').notNull().default(false),
    /** Disabled by an operator: cannot log in; every session ends (sessionsValidAfter). */
    disabled: boolean('disabled').notNull().default(false),
    /** Ends every session issued before it (password reset, forced logout). */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_username_uq').on(sql`lower(${t.username})`),
    index('members_phone_idx').on(t.phone),
    index('members_status_idx').on(t.status),
    uniqueIndex('members_wechat_uq').on(t.wechatOpenid),
  ],
);

/**
 * Operators of the wholesaler: review members, fulfil orders. `role` decides what each may do
 * (packages/domain access.ts); it has no default, so every new operator is given one on purpose.
 */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').$type<OperatorRole>().notNull(),
    phone: text('phone').notNull().default(''),
    /** Disabled by a 管理员: cannot log in; every session ends. */
    disabled: boolean('disabled').notNull().default(false),
    /** Ends every session issued before it (password change, disable). */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operators_username_uq').on(sql`lower(${t.username})`),
    // OPERATOR_ROLES of packages/domain, written out: drizzle-kit reads this file without a built domain.
    check('operators_role_ck', sql`${t.role} in ('admin', 'service', 'warehouse', 'finance')`),
  ],
);

/**
 * Every operator write (who, when, what, before and after). Rows are only ever inserted:
 * 管理员 searches them; nothing updates or deletes them.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id').notNull(),
    /** Username and role as they were at the time (an operator may be renamed later). */
    operatorName: text('operator_name').notNull(),
    role: text('role').notNull(),
    /** What was done, e.g. 'goods.update', 'member.approve' (a permission-like key). */
    action: text('action').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** The thing acted on: 'goods', 'member', 'order', … and its id. */
    entity: text('entity').notNull().default(''),
    entityId: text('entity_id').notNull().default(''),
    /** One line a person reads in the log. */
    summary: text('summary').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The request body with secrets removed. */
    request: jsonb('request'),
    status: integer('status').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operator_audit_created_idx').on(t.createdAt),
    index('operator_audit_operator_idx').on(t.operatorId, t.createdAt),
    index('operator_audit_entity_idx').on(t.entity, t.entityId),
    index('operator_audit_action_idx').on(t.action, t.createdAt),
  ],
);

/** Server-side sessions. Only a SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    subjectType: text('subject_type').$type<'member' | 'operator'>().notNull(),
    subjectId: integer('subject_id').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_subject_idx').on(t.subjectType, t.subjectId)],
);

/** Failed logins, counted per account and IP over a sliding window. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_idx').on(t.username, t.ip, t.at)],
);

/**
 * The bytes of files uploaded on PostgreSQL before decision 072 (now in large objects), bound
 * as a Buffer, which node-postgres sends in binary. With PGlite, whose own bytea encoding takes
 * 2.6–4 s for 5 MB on the event loop, uploads keep their bytes on disk (file-store.ts); reads
 * of old rows select `encode(…, 'base64')` (uploads.ts FILE_COLUMNS). Decision 045.
 */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => v,
  fromDriver: (v) => Buffer.from(v),
});

/** A PostgreSQL large object's id (decision 072). */
const oid = customType<{ data: number; driverData: number | string }>({
  dataType: () => 'oid',
  fromDriver: (v) => Number(v),
});

const memberRef = () =>
  integer('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** SMS verification codes; only a hash of the code is kept. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull(),
    scene: text('scene').$type<SmsScene>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobile, t.createdAt)],
);

/** What the development SMS provider "sent" (shown at GET /api/dev/sms and in the log). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull(),
    content: text('content').notNull(),
    provider: text('provider').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_mobile_idx').on(t.mobile, t.createdAt)],
);

/** Forgot-password tickets issued after the mobile was verified; hash only, single use. */
export const passwordResets = pgTable('password_resets', {
  id: text('id').primaryKey(),
  mobile: text('mobile').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Uploaded files of qualification documents: private, served only to their member or operators. */
export const uploadedFiles = pgTable('uploaded_files', {
  id: serial('id').primaryKey(),
  /** The member who uploaded it; null for the platform's own files (quality reports, invoices' seller copies). */
  memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  name: text('name').notNull().default(''),
  size: integer('size').notNull(),
  /** The bytes of rows written on PostgreSQL before decision 072; null since. */
  bytes: bytea('bytes'),
  /** Where the bytes are under DATA_DIR/uploads (PGlite, decision 045); null otherwise. */
  path: text('path'),
  /**
   * The large object holding the bytes on PostgreSQL (decision 072), written in 256 KB pieces;
   * unlinked by a trigger when the row goes. Null with PGlite and for older rows.
   */
  largeObject: oid('large_object'),
  /** SHA-256 of the bytes (hex), computed while they streamed in; '' for rows from before. */
  sha256: text('sha256').notNull().default(''),
  createdAt: createdAt(),
});

/** Qualification documents (资质): licences, authorisation letters. */
export const qualificationDocuments = pgTable(
  'qualification_documents',
  {
    id: serial('id').primaryKey(),
    memberId: memberRef(),
    type: text('type').$type<DocumentType>().notNull(),
    number: text('number').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    status: text('status').$type<DocumentStatus>().notNull().default('pending'),
    rejectReason: text('reject_reason').notNull().default(''),
    fileId: integer('file_id')
      .notNull()
      .references(() => uploadedFiles.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When the member was told this document expires soon (once per document). */
    expiryRemindedAt: timestamp('expiry_reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('qualification_documents_member_idx').on(t.memberId, t.type)],
);

/** Delivery addresses (收货地址). */
export const memberAddresses = pgTable(
  'member_addresses',
  {
    id: serial('id').primaryKey(),
    memberId: memberRef(),
    consignee: text('consignee').notNull(),
    phone: text('phone').notNull(),
    region: text('region').notNull(),
    address: text('address').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('member_addresses_member_idx').on(t.memberId)],
);

/** Messages to a member (我的消息): review results, system notices. */
export const memberMessages = pgTable(
  'member_messages',
  {
    id: serial('id').primaryKey(),
    memberId: memberRef(),
    kind: text('kind').$type<MessageKind>().notNull().default('system'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('member_messages_member_idx').on(t.memberId, t.isRead, t.createdAt)],
);

/**
 * A member's payment and purchase settings (issue 17): the payment password (argon2id, like
 * login passwords) with its wrong-try count and lock, the amount above which a balance payment
 * also asks for an SMS code, and the shelf-life floor (months) its orders are allocated under.
 * One row per member, written on first use.
 */
export const memberSettings = pgTable('member_settings', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  payPasswordHash: text('pay_password_hash'),
  payFailures: integer('pay_failures').notNull().default(0),
  payLockedUntil: timestamp('pay_locked_until', { withTimezone: true }),
  /** Fen; null = never ask for an SMS code. */
  paySmsAbove: integer('pay_sms_above'),
  shelfMonths: integer('shelf_months').notNull().default(0),
  /** The message kinds the member turned off (我的消息 › 消息设置). */
  mutedKinds: text('muted_kinds')
    .array()
    .$type<MessageKind[]>()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
