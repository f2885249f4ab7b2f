import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router';
import { DOCUMENT_TYPES, type RegisterCompanyInput } from '@kc/domain';
import { DOCUMENTS_KEY, documentsQuery } from '../../api/documents';
import { registerCompany, registrationStateQuery, submitRegistration } from '../../api/register';
import { CompanyStepForm, type CompanyStepValues } from '../../components/CompanyStepForm';
import { DocumentTable } from '../../components/DocumentTable';
import { DocumentUploadForm } from '../../components/DocumentUploadForm';
import { RegisterFrame } from '../../components/RegisterFrame';
import frame from '../../components/RegisterFrame.module.css';
import { NEW_MEMBER, NEW_STORE, type RegisterFlow } from './flows';

function Step2({ flow }: { flow: RegisterFlow }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CompanyStepValues>();
  const [missing, setMissing] = useState<string[]>([]);
  const state = useQuery(registrationStateQuery);
  const docs = useQuery({ ...documentsQuery, enabled: state.isSuccess });

  const finish = useMutation({
    mutationFn: async (values: CompanyStepValues) => {
      const saved = await registerCompany(values as RegisterCompanyInput);
      if (saved.missing_documents.length > 0) return saved;
      return submitRegistration();
    },
    onSuccess: (result) => {
      const names = result.missing_documents.map((t) => DOCUMENT_TYPES[t]);
      setMissing(names);
      if (names.length === 0) void navigate(flow.step3);
    },
  });

  // Handed in already (pending or approved): nothing left to fill in. Draft and rejected stay.
  if (state.data && state.data.status !== 'draft' && state.data.status !== 'rejected') {
    return <Navigate to={flow.step3} replace />;
  }
  if (state.isError) {
    return (
      <RegisterFrame title={flow.title} current={1}>
        <Alert
          type="warning"
          showIcon
          title="请先完成第一步：设置账户"
          action={<Link to={flow.kind === 'store' ? '/register_dd' : '/register'}>去设置</Link>}
        />
      </RegisterFrame>
    );
  }

  return (
    <RegisterFrame title={flow.title} current={1}>
      <div className={frame.section}>企业信息</div>
      <CompanyStepForm form={form} onSubmit={(v) => finish.mutate(v)} />
      <div className={frame.section}>资质证件</div>
      <p style={{ color: '#666', fontSize: 13 }}>
        药店、批发企业需上传营业执照和药品经营许可证；诊所、医院需上传营业执照和医疗机构执业许可证。
      </p>
      <DocumentTable docs={docs.data ?? []} loading={docs.isLoading} />
      <div style={{ margin: '16px 0' }}>
        <DocumentUploadForm
          defaultType="business_licence"
          onUploaded={() => void queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY })}
        />
      </div>
      {missing.length > 0 && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={`还需上传：${missing.join('、')}`} />
      )}
      <div style={{ textAlign: 'center' }}>
        <Button type="primary" size="large" loading={finish.isPending} onClick={() => form.submit()}>
          提交审核
        </Button>
      </div>
    </RegisterFrame>
  );
}

/** /register/step2. */
export function RegisterStep2Page() {
  return <Step2 flow={NEW_MEMBER} />;
}

/** /register/dd/step2. */
export function StoreStep2Page() {
  return <Step2 flow={NEW_STORE} />;
}
