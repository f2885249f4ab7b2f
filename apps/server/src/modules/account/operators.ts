import { eq } from 'drizzle-orm';
import {
  OPERATOR_ROLE_LABELS,
  isOperatorRole,
  permissionsOf,
  type AdminMe,
  type OperatorRole,
} from '@kc/domain';
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
 * role counts from the next call). Null for a deleted or disabled operator or a role this code
 * does not know: a disabled operator is refused at once, even while a cached session lives on.
 */
export async function operatorRole(db: Queryable, operatorId: number): Promise<OperatorRole | null> {
  const [row] = await db
    .select({ role: operators.role, disabled: operators.disabled })
    .from(operators)
    .where(eq(operators.id, operatorId))
    .limit(1);
  return row && !row.disabled && isOperatorRole(row.role) ? row.role : null;
}

/** `GET /api/admin/me`: who is signed in and what the role may do; null when gone or disabled. */
export async function operatorMe(db: Queryable, operatorId: number): Promise<AdminMe | null> {
  const [row] = await db
    .select({
      id: operators.id,
      username: operators.username,
      name: operators.name,
      role: operators.role,
      disabled: operators.disabled,
    })
    .from(operators)
    .where(eq(operators.id, operatorId))
    .limit(1);
  if (!row || row.disabled || !isOperatorRole(row.role)) return null;
  const { id, username, name, role } = row;
  return {
    id,
    username,
    name,
    role,
    role_label: OPERATOR_ROLE_LABELS[role],
    permissions: permissionsOf(role),
  };
}

/** Stores a new password (argon2id); the caller ends the operator's other sessions. */
export async function setOperatorPassword(
  db: Queryable,
  operatorId: number,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.update(operators).set({ passwordHash }).where(eq(operators.id, operatorId));
}
