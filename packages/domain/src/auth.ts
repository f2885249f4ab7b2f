import { z } from 'zod';
import { MOBILE_RE } from './validation.js';

/** Login with username or mobile and password (`POST /api/login`). */
export const loginSchema = z.object({
  username: z
    .string({ error: '请输入用户名或手机号' })
    .trim()
    .min(1, { message: '请输入用户名或手机号' })
    .max(64, { message: '用户名过长' }),
  password: z
    .string({ error: '请输入密码' })
    .min(1, { message: '请输入密码' })
    .max(128, { message: '密码过长' }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A new password: 8 to 64 characters with letters and digits. */
export const passwordSchema = z
  .string({ error: '请输入密码' })
  .min(8, { message: '密码至少8位' })
  .max(64, { message: '密码最多64位' })
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { message: '密码需同时包含字母和数字' });

/** True when the login name looks like a mobile number (then we match the member's phone). */
export function isMobileLogin(username: string): boolean {
  return MOBILE_RE.test(username.trim());
}

/** The User of SPEC §3 as `GET /api/user/base` returns it. */
export interface UserProfile {
  show: boolean;
  id: number;
  username: string;
  name: string;
  phone: string;
  company: string;
  face: string;
  rank: number;
  admin: { name: string; phone: string; is_default: number } | null;
  address: string;
  is_passed: number;
  points: number;
  cart: number;
  message_count: number;
  wechat: string;
  common_config: { hot_line: string; qq1: string; qq2: string };
  quality_inspection: { quality_inspection_url: string; msg: string };
  login_url: string;
  is_show_youx: number;
  is_special: number;
  is_can_chat: number;
  token: string;
  is_AfterSale: string;
}
