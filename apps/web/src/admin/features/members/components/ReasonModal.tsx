import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { firstError } from './labels';

interface Props {
  open: boolean;
  title: string;
  /** The label above the text box: '驳回原因', '停用原因'. */
  label: string;
  /** The domain schema of `{ reason }` (rejectSchema, disableMemberSchema). */
  schema: Parameters<typeof firstError>[0];
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<unknown>;
}

/** Asks for a reason (2–200 characters), checked by the same schema as the server's. */
export function ReasonModal({ open, title, label, schema, onCancel, onSubmit }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const why = firstError(schema, { reason });
    setError(why);
    if (why) return;
    setBusy(true);
    try {
      await onSubmit(reason.trim());
      setReason('');
    } catch {
      // The API client has shown the failure; the modal stays open to try again.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{label}</Typography.Paragraph>
      <Input.TextArea
        aria-label={label}
        rows={3}
        maxLength={200}
        showCount
        style={{ marginBottom: 20 }}
        value={reason}
        status={error ? 'error' : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Modal>
  );
}
