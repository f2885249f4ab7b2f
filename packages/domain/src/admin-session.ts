import { z } from 'zod';
import type { OperatorRole, Permission } from './access.js';
import { passwordSchema } from './auth.js';

/** `POST /api/admin/login` takes `loginSchema` (auth.ts): username and password. */

/** `GET /api/admin/me`: the signed-in operator, with what the role may do. */
export interface AdminMe {
  id: number;
  username: string;
  name: string;
  role: OperatorRole;
  /** 管理员, 客服, 仓库 or 财务 (OPERATOR_ROLE_LABELS). */
  role_label: string;
  /** Every permission the role holds, in the access table's order (permissionsOf). */
  permissions: Permission[];
}

/**
 * `POST /api/admin/password`: the current password and a new one, under the same rules as a
 * member's (8 to 64 characters, letters and digits), and not the old one again.
 */
export const adminPasswordSchema = z
  .object({
    old_password: z
      .string({ error: '请输入原密码' })
      .min(1, { message: '请输入原密码' })
      .max(128, { message: '密码过长' }),
    new_password: passwordSchema,
  })
  .refine((v) => v.old_password !== v.new_password, {
    message: '新密码不能与原密码相同',
    path: ['new_password'],
  });
export type AdminPasswordInput = z.infer<typeof adminPasswordSchema>;
