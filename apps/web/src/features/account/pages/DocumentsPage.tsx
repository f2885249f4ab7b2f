import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App } from 'antd';
import { DOCUMENTS_KEY, documentsQuery } from '../api/documents';
import { AccountShell } from '../../../shared/member/AccountShell';
import { DocumentTable } from '../components/DocumentTable';
import { DocumentUploadForm } from '../components/DocumentUploadForm';
import frame from '../components/RegisterFrame.module.css';

/** /zzzj: the documents on file with their validity, and the upload of a renewed one. */
export function DocumentsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const docs = useQuery(documentsQuery);
  const urgent = (docs.data ?? []).filter((d) => d.status === 'approved' && (d.expired || d.expiring));
  return (
    <AccountShell title="资质证件">
      {urgent.map((d) => (
        <Alert
          key={d.id}
          type={d.expired ? 'error' : 'warning'}
          showIcon
          style={{ marginBottom: 12 }}
          title={
            d.expired
              ? `${d.type_name}已于${d.valid_to}过期，请上传新证件，审核通过前无法采购相关商品。`
              : `${d.type_name}将于${d.days_left}天后（${d.valid_to}）到期，请及时上传新证件。`
          }
        />
      ))}
      <DocumentTable docs={docs.data ?? []} loading={docs.isLoading} />
      <div className={frame.section}>上传新证件</div>
      <p style={{ color: '#666', fontSize: 13 }}>
        新证件审核通过前，原证件继续有效；同类型的新证件审核通过后替换原证件。
      </p>
      <DocumentUploadForm
        onUploaded={() => {
          void message.success('证件已上传，等待平台审核');
          void queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY });
        }}
      />
    </AccountShell>
  );
}
