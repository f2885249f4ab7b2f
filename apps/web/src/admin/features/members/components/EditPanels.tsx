import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Checkbox, Input, InputNumber, Modal, Select, Space, Typography, message } from 'antd';
import {
  SCOPE_CLASSES,
  editDocumentSchema,
  setLicencesSchema,
  setRankSchema,
  setScopeSchema,
} from '@kc/domain';
import { useMemberWrite, useServiceStaff } from '../api';
import type { AdminMemberDetail, QualificationDocumentView } from '../types';
import { firstError } from './labels';

type Write = ReturnType<typeof useMemberWrite>;

/** A field with its label above (the input's own aria-label names it for tests). */
function Labeled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {children}
    </div>
  );
}

/** Saves after checking with the server's own schema; tells the result. */
async function save(
  write: Write,
  path: string,
  body: Record<string, unknown>,
  schema: Parameters<typeof firstError>[0],
  done: string,
  toast: ReturnType<typeof message.useMessage>[0],
): Promise<boolean> {
  const why = firstError(schema, body);
  if (why) {
    void toast.error(why);
    return false;
  }
  try {
    await write.mutateAsync({ path, body });
    void toast.success(done);
    return true;
  } catch {
    return false; // shown by the API client
  }
}

/** 经营范围: a checkbox per business-scope class (SCOPE_CLASSES). */
export function ScopePanel({ member, editable }: { member: AdminMemberDetail; editable: boolean }) {
  const [scope, setScope] = useState<string[]>(member.scope);
  const write = useMemberWrite(member.id);
  const [toast, holder] = message.useMessage();
  useEffect(() => setScope(member.scope), [member.scope]);
  return (
    <Card size="small" title="经营范围">
      {holder}
      <Checkbox.Group
        disabled={!editable}
        value={scope}
        onChange={(v) => setScope(v as string[])}
        options={SCOPE_CLASSES.map((c) => ({ value: c, label: c }))}
      />
      {editable && (
        <div style={{ marginTop: 12 }}>
          <Button
            type="primary"
            loading={write.isPending}
            onClick={() =>
              save(
                write,
                `/api/admin/members/${member.id}/scope`,
                { scope },
                setScopeSchema,
                '经营范围已更新',
                toast,
              )
            }
          >
            保存经营范围
          </Button>
        </div>
      )}
    </Card>
  );
}

/** 证照编号: the business and drug licence numbers of the registration. */
export function LicencePanel({ member, editable }: { member: AdminMemberDetail; editable: boolean }) {
  const [biz, setBiz] = useState(member.business_licence_no);
  const [drug, setDrug] = useState(member.drug_licence_no);
  const write = useMemberWrite(member.id);
  const [toast, holder] = message.useMessage();
  useEffect(() => {
    setBiz(member.business_licence_no);
    setDrug(member.drug_licence_no);
  }, [member.business_licence_no, member.drug_licence_no]);
  return (
    <Card size="small" title="证照编号">
      {holder}
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Labeled label="营业执照">
          <Input
            aria-label="营业执照编号"
            value={biz}
            disabled={!editable}
            onChange={(e) => setBiz(e.target.value)}
          />
        </Labeled>
        <Labeled label="药品经营许可证">
          <Input
            aria-label="药品经营许可证编号"
            value={drug}
            disabled={!editable}
            onChange={(e) => setDrug(e.target.value)}
          />
        </Labeled>
        {editable && (
          <Button
            loading={write.isPending}
            onClick={() =>
              save(
                write,
                `/api/admin/members/${member.id}/licences`,
                { business_licence_no: biz, drug_licence_no: drug },
                setLicencesSchema,
                '证照编号已更新',
                toast,
              )
            }
          >
            保存证照编号
          </Button>
        )}
      </Space>
    </Card>
  );
}

/** 会员等级 and 专属客服. */
export function RankStaffPanel({ member, editable }: { member: AdminMemberDetail; editable: boolean }) {
  const [rank, setRank] = useState<number>(member.rank);
  const staff = useServiceStaff().data ?? [];
  const write = useMemberWrite(member.id);
  const [toast, holder] = message.useMessage();
  useEffect(() => setRank(member.rank), [member.rank]);
  return (
    <Card size="small" title="等级与专属客服">
      {holder}
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space>
          <Typography.Text>会员等级</Typography.Text>
          <InputNumber
            aria-label="会员等级"
            min={1}
            max={9}
            value={rank}
            disabled={!editable}
            onChange={(v) => setRank(v ?? 1)}
          />
          {editable && (
            <Button
              onClick={() =>
                save(
                  write,
                  `/api/admin/members/${member.id}/rank`,
                  { rank },
                  setRankSchema,
                  '等级已更新',
                  toast,
                )
              }
            >
              保存等级
            </Button>
          )}
        </Space>
        <Space>
          <Typography.Text>专属客服</Typography.Text>
          <Select
            aria-label="专属客服"
            style={{ width: 200 }}
            disabled={!editable}
            value={member.service_staff_id ?? 0}
            options={[
              { value: 0, label: '未分配' },
              ...staff.map((s) => ({ value: s.id, label: `${s.name} ${s.phone}` })),
            ]}
            onChange={(staffId: number) =>
              void write
                .mutateAsync({
                  path: `/api/admin/members/${member.id}/service_staff`,
                  body: { staff_id: staffId },
                })
                .then(() => toast.success('专属客服已更新'))
                .catch(() => undefined)
            }
          />
        </Space>
      </Space>
    </Card>
  );
}

/** 修改证件编号与有效期: a document's number, issue date and expiry. */
export function EditDocumentModal({
  memberId,
  doc,
  onClose,
}: {
  memberId: number;
  doc: QualificationDocumentView | null;
  onClose: () => void;
}) {
  const [number, setNumber] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const write = useMemberWrite(memberId);
  const [toast, holder] = message.useMessage();
  useEffect(() => {
    setNumber(doc?.number ?? '');
    setFrom(doc?.valid_from ?? '');
    setTo(doc?.valid_to ?? '');
  }, [doc]);
  const submit = async () => {
    if (!doc) return;
    const body = { number, valid_from: from, valid_to: to };
    if (
      await save(write, `/api/admin/documents/${doc.id}`, body, editDocumentSchema, '证件信息已更新', toast)
    )
      onClose();
  };
  return (
    <>
      {holder}
      <Modal
        open={doc !== null}
        title={`修改${doc?.type_name ?? '证件'}`}
        okText="保存"
        cancelText="取消"
        confirmLoading={write.isPending}
        onOk={submit}
        onCancel={onClose}
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Labeled label="证件编号">
            <Input aria-label="证件编号" value={number} onChange={(e) => setNumber(e.target.value)} />
          </Labeled>
          <Labeled label="发证日期">
            <Input aria-label="发证日期" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </Labeled>
          <Labeled label="有效期至">
            <Input aria-label="有效期至" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </Labeled>
        </Space>
      </Modal>
    </>
  );
}
