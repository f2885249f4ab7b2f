/** The types this feature reads (from packages/domain, the server's own). */
export type {
  AdminMemberDetail,
  AdminMemberRow,
  LicenceBucket,
  LicenceExpiringBoard,
  LicenceExpiringRow,
  MemberStatusName,
  QualificationDocumentView,
} from '@kc/domain';
export type { Params } from '../../../shared/api';
