import { queryOptions } from '@tanstack/react-query';
import type {
  DocumentUploadInput,
  QualificationDocumentView,
  RegisterAccountInput,
  RegisterCompanyInput,
  RegisterStoreInput,
  RegistrationState,
} from '@kc/domain';
import { api } from '../../../shared/api';

/** Reply of the step 1 calls: the new account is logged in at once. */
export interface RegisterAccountReply {
  token: string;
  state: RegistrationState;
}

/** `POST /api/register/account` (step 1): creates the account (draft) and logs it in. */
export function registerAccount(input: RegisterAccountInput): Promise<RegisterAccountReply> {
  return api.post<RegisterAccountReply>('/api/register/account', { ...input, agreement: 1 });
}

/** `POST /api/register/store` (/register_dd step 1): another store behind the same mobile. */
export function registerStore(input: RegisterStoreInput): Promise<RegisterAccountReply> {
  return api.post<RegisterAccountReply>('/api/register/store', { ...input, agreement: 1 });
}

/** `POST /api/register/company` (step 2): the company and its licences. */
export function registerCompany(input: RegisterCompanyInput): Promise<RegistrationState> {
  return api.post<RegistrationState>('/api/register/company', { ...input });
}

/** `POST /api/register/submit` (end of step 2): hands the registration to the operator. */
export function submitRegistration(): Promise<RegistrationState> {
  return api.post<RegistrationState>('/api/register/submit');
}

/** `POST /api/user/zizhi` (multipart): one qualification document, the file in the `file` part. */
export function uploadDocument({
  file,
  ...fields
}: Omit<DocumentUploadInput, 'file'> & { file: File }): Promise<QualificationDocumentView> {
  return api.upload<QualificationDocumentView>('/api/user/zizhi', fields, { file });
}

/** `GET /api/register/state`: where the registration of the session's account stands. */
export const registrationStateQuery = queryOptions({
  queryKey: ['register', 'state'],
  queryFn: ({ signal }) =>
    api.get<RegistrationState>('/api/register/state', undefined, { silent: true, signal }),
  staleTime: 0,
});
