import type { FastifyRequest } from 'fastify';

/**
 * What an operator write changed, told by the route that did it. The admin plugin
 * (app/admin-plugin.ts) writes one `operator_audit` row for every operator write (any method
 * but GET/HEAD/OPTIONS, whatever its outcome), with who, when, the path and the body (secrets
 * removed); a route adds the meaning here: the action, the thing acted on, and its before and
 * after. A write that does not call `audit()` is still logged, with its path as the action.
 */
export interface AuditEntry {
  /** 'goods.update', 'member.approve', 'order.ship', … */
  action: string;
  /** 'goods' | 'member' | 'order' | 'return' | 'lot' | 'operator' | … */
  entity?: string;
  entityId?: string | number;
  /** One line in Chinese a 管理员 reads in the log: '下架商品 阿莫西林胶囊 等 3 件'. */
  summary?: string;
  /** The record as it was before and after (the fields that matter; JSON-serialisable). */
  before?: unknown;
  after?: unknown;
}

const ENTRY = Symbol('kc.audit');
type WithEntry = FastifyRequest & { [ENTRY]?: AuditEntry };

/** Records what this operator request changed (the last call wins; fields merge). */
export function audit(req: FastifyRequest, entry: AuditEntry): void {
  const r = req as WithEntry;
  r[ENTRY] = { ...r[ENTRY], ...entry };
}

/** The entry a route recorded for this request, if any (read by the admin plugin). */
export function auditEntryOf(req: FastifyRequest): AuditEntry | undefined {
  return (req as WithEntry)[ENTRY];
}
