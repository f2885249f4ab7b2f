import { useState } from 'react';
import { useParams } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Modal,
  Result,
  Row,
  Space,
  Spin,
  message,
} from 'antd';
import { disableMemberSchema, rejectSchema } from '@kc/domain';
import { useCan } from '../../../shared';
import { useMember, useMemberWrite } from '../api';
import { DocumentCard } from '../components/DocumentCard';
import { EditDocumentModal, LicencePanel, RankStaffPanel, ScopePanel } from '../components/EditPanels';
import { DisabledTag, MemberStatusTag } from '../components/labels';
import { ReasonModal } from '../components/ReasonModal';
import type { AdminMemberDetail, QualificationDocumentView } from '../types';

type Asking =
  { kind: 'reject-member' } | { kind: 'disable' } | { kind: 'reject-doc'; doc: QualificationDocumentView };

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');

function registrationItems(m: AdminMemberDetail) {
  return [
    { key: 'username', label: '用户名', children: m.username },
    { key: 'company', label: '企业名称', children: m.company || '—' },
    { key: 'type', label: '企业类型', children: m.company_type },
    { key: 'name', label: '姓名', children: m.name || '—' },
    { key: 'phone', label: '注册手机', children: m.phone || '—' },
    { key: 'contact', label: '联系人', children: m.contact || '—' },
    { key: 'contact_phone', label: '联系电话', children: m.contact_phone || '—' },
    { key: 'region', label: '所在地区', children: m.region || '—' },
    { key: 'address', label: '详细地址', children: m.address || '—', span: 2 },
    { key: 'biz', label: '营业执照编号', children: m.business_licence_no || '—' },
    { key: 'drug', label: '药品经营许可证编号', children: m.drug_licence_no || '—' },
    { key: 'rank', label: '会员等级', children: m.rank },
    { key: 'staff', label: '专属客服', children: m.service_staff_name || '未分配' },
    { key: 'created', label: '注册时间', children: when(m.created_at) },
    {
      key: 'contract',
      label: '电子合同',
      children: m.contract_signed_at ? `已签署 ${when(m.contract_signed_at)}` : '未签署',
    },
  ];
}

/** 会员详情: registration data, documents shown inline, review and every operator edit. */
export function MemberDetailPage() {
  const id = Number(useParams().id);
  const { data: member, isLoading, isError } = useMember(id);
  const write = useMemberWrite(id);
  const can = useCan();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [editing, setEditing] = useState<QualificationDocumentView | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const [toast, toastHolder] = message.useMessage();

  if (isLoading) return <Spin />;
  if (isError || !member) return <Result status="404" title="会员不存在" />;

  const canReview = can('member.review');
  const run = async (path: string, done: string, body?: Record<string, unknown>) => {
    await write.mutateAsync({ path, body });
    void toast.success(done);
  };
  const confirm = (title: string, content: string, path: string, done: string, danger = false) =>
    void modal.confirm({
      title,
      content,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger },
      onOk: () => run(path, done).catch(() => undefined),
    });

  const base = `/api/admin/members/${member.id}`;
  const actions = (
    <Space wrap>
      {canReview && member.status === 'pending' && (
        <>
          <Button
            type="primary"
            onClick={() =>
              confirm(
                '审核通过',
                `确认 ${member.company} 的资质审核通过？会员将收到站内消息和短信。`,
                `${base}/approve`,
                '已审核通过',
              )
            }
          >
            审核通过
          </Button>
          <Button danger onClick={() => setAsking({ kind: 'reject-member' })}>
            驳回
          </Button>
        </>
      )}
      {can('member.disable') &&
        (member.disabled ? (
          <Button
            onClick={() =>
              confirm('启用账号', `确认重新启用 ${member.company} 的账号？`, `${base}/enable`, '账号已启用')
            }
          >
            启用账号
          </Button>
        ) : (
          <Button danger onClick={() => setAsking({ kind: 'disable' })}>
            停用账号
          </Button>
        ))}
    </Space>
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {modalHolder}
      {toastHolder}
      <Card
        title={
          <Space>
            {member.company || member.username}
            <MemberStatusTag status={member.status} />
            <DisabledTag disabled={member.disabled} />
          </Space>
        }
        extra={actions}
      >
        {member.reject_reason && member.status === 'rejected' && (
          <Alert
            type="error"
            showIcon
            title={`驳回原因：${member.reject_reason}`}
            style={{ marginBottom: 16 }}
          />
        )}
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={registrationItems(member)}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <ScopePanel member={member} editable={canReview} />
            <LicencePanel member={member} editable={canReview} />
            <RankStaffPanel member={member} editable={can('member.edit')} />
          </Space>
        </Col>
        <Col xs={24} xl={16}>
          <Card size="small" title={`资质证件（${member.documents.length}）`}>
            {member.documents.length === 0 ? (
              <Empty description="未上传证件" />
            ) : (
              <Row gutter={[12, 12]}>
                {member.documents.map((doc) => (
                  <Col key={doc.id} xs={24} md={12}>
                    <DocumentCard
                      doc={doc}
                      canReview={canReview}
                      onApprove={() =>
                        confirm(
                          '证件审核通过',
                          `确认 ${doc.type_name}（${doc.number}）审核通过？`,
                          `/api/admin/documents/${doc.id}/approve`,
                          '证件已审核通过',
                        )
                      }
                      onReject={() => setAsking({ kind: 'reject-doc', doc })}
                      onEdit={() => setEditing(doc)}
                    />
                  </Col>
                ))}
              </Row>
            )}
          </Card>
        </Col>
      </Row>
      <ReasonModal
        open={asking?.kind === 'reject-member' || asking?.kind === 'reject-doc'}
        title={asking?.kind === 'reject-doc' ? `驳回${asking.doc.type_name}` : '驳回资质审核'}
        label="驳回原因（会员可见）"
        schema={rejectSchema}
        onCancel={() => setAsking(null)}
        onSubmit={async (reason) => {
          if (asking?.kind === 'reject-doc')
            await run(`/api/admin/documents/${asking.doc.id}/reject`, '证件已驳回', { reason });
          else await run(`${base}/reject`, '已驳回', { reason });
          setAsking(null);
        }}
      />
      <ReasonModal
        open={asking?.kind === 'disable'}
        title="停用账号"
        label="停用原因（停用后该会员无法登录，已登录的会话立即失效）"
        schema={disableMemberSchema}
        onCancel={() => setAsking(null)}
        onSubmit={async (reason) => {
          await run(`${base}/disable`, '账号已停用', { reason });
          setAsking(null);
        }}
      />
      <EditDocumentModal memberId={member.id} doc={editing} onClose={() => setEditing(null)} />
    </Space>
  );
}
