import { eq } from 'drizzle-orm';
import { isOperatorRole, type OperatorRole } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { hashPassword } from '../../platform/passwords.js';
import { operators } from './schema.js';

/** Creates an operator account with its role (the seed and, later, operator management). */
export async function createOperator(
  db: Queryable,
  o: { username: string; password: string; name: string; role: OperatorRole },
): Promise<number> {
  const [row] = await db
    .insert(operators)
    .values({
      username: o.username,
      passwordHash: await hashPassword(o.password),
      name: o.name,
      role: o.role,
    })
    .returning({ id: operators.id });
  return row!.id;
}

/**
 * The operator's role, read on every back-office call (not kept in the session, so a changed
 * role counts from the next call). Null for a deleted operator or a role this code does not know.
 */
export async function operatorRole(db: Queryable, operatorId: number): Promise<OperatorRole | null> {
  const [row] = await db
    .select({ role: operators.role })
    .from(operators)
    .where(eq(operators.id, operatorId))
    .limit(1);
  return row && isOperatorRole(row.role) ? row.role : null;
}
