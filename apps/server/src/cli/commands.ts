import { eq, sql } from 'drizzle-orm';
import {
  adminMemberListQuerySchema,
  adminOrderListQuerySchema,
  adminReturnListQuerySchema,
  confirmPaymentSchema,
  fenToYuan,
  idParamSchema,
  isOperatorRole,
  OPERATOR_ROLE_LABELS,
  OPERATOR_ROLES,
  passwordSchema,
  rejectSchema,
  returnApproveSchema,
  returnRejectSchema,
  setScopeSchema,
  shipOrderSchema,
  yuanToFen,
} from '@kc/domain';
import type { Db } from '../platform/db.js';
import { parse } from '../platform/http.js';
import { members } from '../modules/account/schema.js';
import { listMembers, memberDetail, setScope } from '../modules/account/member-admin.js';
import { approveMember, rejectMember } from '../modules/account/review.js';
import { createOperator } from '../modules/account/operators.js';
import { adminOrderList } from '../modules/order/admin-list.js';
import { shipByOperator } from '../modules/order/admin-ship.js';
import { approveReturn, receiveReturn, rejectReturn } from '../modules/order/return-review.js';
import { listReturns } from '../modules/order/returns.js';
import { recharge } from '../modules/wallet/service.js';
import { confirmTransfer, refundReturn } from '../flows/fulfilment/fulfilment.js';

export const USAGE = `usage: npm run admin -- <command>
  list-pending                      members awaiting review
  show <id|username>                a member with its documents
  approve <id|username>             approve a pending member
  reject <id|username> <reason>     reject with a reason (the member gets a message)
  set-scope <id|username> <a,b,…>   set the business scope (经营范围) classes
  orders [status]                   orders by status (0 待付款, 1 待发货 default, 2 已发货, 3 已完成, 4 已取消)
  ship <orderId> <carrier> <trackingNo>   mark a paid order shipped (the buyer gets a message)
  confirm-payment <orderId> [note]  confirm the bank transfer of an order (对公转账)
  returns [status]                  return requests (pending default, approved, received, refunded, rejected, all)
  return-approve <id> [remark]      approve a pending request (the member is told where to send the goods)
  return-reject <id> <reason>       refuse a pending request with a reason
  return-receive <id>               the goods are back (they go to quarantine, not to sellable stock)
  return-refund <id>                refund a received request to the member's balance
  recharge <id|username> <yuan> [remark]   top up a member's balance
  create-operator <username> <role> [name]   a back-office account; role: ${OPERATOR_ROLES.map((r) => `${r} (${OPERATOR_ROLE_LABELS[r]})`).join(', ')};
                                    the password is read from standard input (never from the command line)`;

async function resolve(db: Db, key: string | undefined): Promise<number> {
  if (!key) throw new Error(`missing member\n${USAGE}`);
  const where = /^\d+$/.test(key)
    ? eq(members.id, Number(key))
    : sql`lower(${members.username}) = ${key.toLowerCase()}`;
  const [m] = await db.select({ id: members.id }).from(members).where(where).limit(1);
  if (!m) throw new Error(`no member ${key}`);
  return m.id;
}

/** What a command reads besides its arguments: the password of create-operator, from stdin. */
export interface CommandInput {
  password?: string;
}

/** Runs one command over the same services as the admin calls; returns the lines to print. */
export async function runCommand(
  db: Db,
  args: readonly string[],
  now: Date,
  input: CommandInput = {},
): Promise<string[]> {
  const [cmd, key, ...rest] = args;
  switch (cmd) {
    case 'list-pending': {
      const page = await listMembers(
        db,
        parse(adminMemberListQuerySchema, { status: 'pending', page_size: 100 }),
      );
      if (page.list.length === 0) return ['no members awaiting review'];
      return page.list.map(
        (m) => `${m.id}\t${m.username}\t${m.company}\t${m.company_type}\t${m.phone}\t${m.created_at}`,
      );
    }
    case 'show': {
      const d = await memberDetail(db, await resolve(db, key), now);
      return [
        `${d.id} ${d.username} ${d.company} (${d.company_type}) ${d.status}${d.reject_reason ? `: ${d.reject_reason}` : ''}`,
        `scope: ${d.scope.join(', ')}`,
        ...d.documents.map(
          (x) => `  doc ${x.id} ${x.type_name} ${x.number} valid to ${x.valid_to} ${x.status_name}`,
        ),
      ];
    }
    case 'approve': {
      const id = await resolve(db, key);
      await approveMember(db, id, now);
      return [`approved member ${id}`];
    }
    case 'reject': {
      const id = await resolve(db, key);
      await rejectMember(db, id, parse(rejectSchema, { reason: rest.join(' ') }).reason, now);
      return [`rejected member ${id}`];
    }
    case 'set-scope': {
      const id = await resolve(db, key);
      const { scope } = parse(setScopeSchema, { scope: rest.join(',') });
      await setScope(db, id, scope, now);
      return [`member ${id} scope: ${scope.join(', ')}`];
    }
    case 'create-operator': {
      // A production database starts without demo data (SEED is off there), so this is how
      // its first 管理员 is made.
      const role = rest[0] ?? '';
      if (!key || !/^[A-Za-z][A-Za-z0-9_]{2,31}$/.test(key))
        throw new Error(`username: 3–32 letters, digits or _, starting with a letter\n${USAGE}`);
      if (!isOperatorRole(role))
        throw new Error(`role must be one of ${OPERATOR_ROLES.join(', ')}\n${USAGE}`);
      const password = parse(passwordSchema, input.password ?? '');
      const name = rest.slice(1).join(' ') || key;
      const id = await createOperator(db, { username: key, password, name, role });
      return [`operator ${id} ${key} (${OPERATOR_ROLE_LABELS[role]}) created`];
    }
    default:
      return orderCommand(db, args, now);
  }
}

const idOf = (key: string | undefined) => parse(idParamSchema, { id: key }).id;

/** The fulfilment commands (orders, transfers, returns, top-ups). */
async function orderCommand(db: Db, args: readonly string[], now: Date): Promise<string[]> {
  const [cmd, key, ...rest] = args;
  switch (cmd) {
    case 'orders': {
      const page = await adminOrderList(
        db,
        parse(adminOrderListQuerySchema, { status: key, page_size: 100 }),
      );
      if (page.list.length === 0) return ['no orders'];
      return page.list.map(
        (o) =>
          `${o.id}\t${o.order_no}\t${o.status_text}\t${o.member_company}\t${o.payable}\t${o.payment_method_text}\t${o.created_at}\t${o.paid_at}`,
      );
    }
    case 'ship': {
      const { carrier, tracking_no } = parse(shipOrderSchema, { carrier: rest[0], tracking_no: rest[1] });
      // The back office's step: lots confirmed by FEFO if nobody did, an expired lot refused.
      await shipByOperator(db, idOf(key), carrier, tracking_no, null, now);
      return [`shipped order ${key}: ${carrier} ${tracking_no}`];
    }
    case 'confirm-payment':
      await confirmTransfer(db, idOf(key), parse(confirmPaymentSchema, { note: rest.join(' ') }).note, now);
      return [`confirmed payment of order ${key}`];
    case 'returns': {
      const q = parse(adminReturnListQuerySchema, { status: key, page_size: 100 });
      const page = await listReturns(db, q, { status: q.status === 'all' ? undefined : q.status });
      if (page.list.length === 0) return ['no return requests'];
      return page.list.map(
        (r) =>
          `${r.id}\t${r.return_no}\t${r.status_text}\t${r.order_no}\t${r.member_company}\t${r.number}\t${r.refund_amount}\t${r.created_at}`,
      );
    }
    case 'return-approve':
      await approveReturn(db, idOf(key), parse(returnApproveSchema, { remark: rest.join(' ') }).remark, now);
      return [`approved return ${key}`];
    case 'return-reject':
      await rejectReturn(db, idOf(key), parse(returnRejectSchema, { reason: rest.join(' ') }).reason, now);
      return [`rejected return ${key}`];
    case 'return-receive':
      await receiveReturn(db, idOf(key), now);
      return [`received return ${key} (goods to quarantine)`];
    case 'return-refund':
      return [`refunded ${fenToYuan(await refundReturn(db, idOf(key), now))} yuan for return ${key}`];
    case 'recharge': {
      const id = await resolve(db, key);
      if (!/^\d+(\.\d{1,2})?$/.test(rest[0] ?? ''))
        throw new Error(`amount in yuan, e.g. 500 or 99.50\n${USAGE}`);
      const { balance } = await recharge(
        db,
        id,
        yuanToFen(rest[0]!),
        rest.slice(1).join(' ') || '运营充值',
        now,
      );
      return [`member ${id} balance: ${fenToYuan(balance)}`];
    }
    default:
      throw new Error(USAGE);
  }
}
