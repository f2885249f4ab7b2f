import { Tag } from 'antd';
import type { MemberStatusName } from '../types';

export const MEMBER_STATUS_LABELS: Record<MemberStatusName, string> = {
  draft: '未提交',
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
};
const MEMBER_STATUS_COLORS: Record<MemberStatusName, string> = {
  draft: 'default',
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};

export function MemberStatusTag({ status }: { status: MemberStatusName }) {
  return <Tag color={MEMBER_STATUS_COLORS[status]}>{MEMBER_STATUS_LABELS[status]}</Tag>;
}

export function DisabledTag({ disabled }: { disabled: boolean }) {
  return disabled ? <Tag color="error">已停用</Tag> : <Tag color="green">正常</Tag>;
}

const DOC_STATUS_COLORS = { pending: 'processing', approved: 'success', rejected: 'error' } as const;

export function DocumentStatusTag({
  status,
  name,
}: {
  status: keyof typeof DOC_STATUS_COLORS;
  name: string;
}) {
  return <Tag color={DOC_STATUS_COLORS[status]}>{name}</Tag>;
}

/** '已过期 3 天' / '剩 12 天' with a colour by urgency. */
export function DaysLeftTag({ days }: { days: number }) {
  if (days < 0) return <Tag color="error">已过期 {-days} 天</Tag>;
  return <Tag color={days <= 30 ? 'warning' : days <= 90 ? 'gold' : 'default'}>剩 {days} 天</Tag>;
}

/** The first message of a domain schema's failure (the same schema the server applies), or null. */
interface Schema {
  safeParse(v: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

export function firstError(schema: Schema, values: unknown): string | null {
  const r = schema.safeParse(values);
  return r.success ? null : (r.error.issues[0]?.message ?? '输入不正确');
}
