import { z } from 'zod';

/** Mobile number: 11 digits, 1 then 3–9 (SPEC §5). */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
/**
 * Landline: optional area code and a hyphen, then 7–8 digits (SPEC §5). The spec's "2 to 3
 * digit area code" is read as the digits after the trunk prefix 0, as Chinese area codes are
 * written (010, 021, 0571): a literal two-or-three-digit reading would refuse every
 * four-character code such as Hangzhou's 0571.
 */
export const LANDLINE_RE = /^(?:0\d{2,3}-)?\d{7,8}$/;
/** E-mail: word characters, an @, and a domain with at least one dot (SPEC §5). */
export const EMAIL_RE = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;

export const mobileSchema = z
  .string({ error: '请输入手机号码' })
  .trim()
  .regex(MOBILE_RE, { message: '请输入正确的手机号码' });

export const landlineSchema = z
  .string({ error: '请输入电话号码' })
  .trim()
  .regex(LANDLINE_RE, { message: '请输入正确的固定电话' });

/** A contact phone: mobile or landline. */
export const phoneSchema = z
  .string({ error: '请输入联系电话' })
  .trim()
  .refine((v) => MOBILE_RE.test(v) || LANDLINE_RE.test(v), { message: '请输入正确的联系电话' });

export const emailSchema = z
  .string({ error: '请输入邮箱' })
  .trim()
  .regex(EMAIL_RE, { message: '请输入正确的邮箱地址' });

/** Returns the first field message of a zod error, the one SPEC §5 says a 422 shows. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? '提交的数据有误';
}

/** Flattens zod issues to `{ field: message }`, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
