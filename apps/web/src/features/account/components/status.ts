import type { MemberStatusName } from '@kc/domain';

/** The member review states as the buyer reads them. */
export const MEMBER_STATUS: Record<MemberStatusName, { text: string; color: string }> = {
  draft: { text: '资料未提交', color: 'default' },
  pending: { text: '资质审核中', color: 'processing' },
  approved: { text: '资质已审核', color: 'success' },
  rejected: { text: '资质审核未通过', color: 'error' },
};
