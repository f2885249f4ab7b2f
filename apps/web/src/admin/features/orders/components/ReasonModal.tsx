import { useState } from 'react';
import { App, Input, Modal, Typography } from 'antd';
import { firstError } from '../labels';

interface Props {
  open: boolean;
  title: string;
  /** The label above the text box: '取消原因', '拒绝原因', '备注'. */
  label: string;
  /** The domain schema of `{ [field]: text }` the server checks too. */
  schema: Parameters<typeof firstError>[0];
  field?: string;
  okText?: string;
  /** Asked once more (Modal.confirm) before sending: destructive steps. */
  confirm?: string;
  onCancel: () => void;
  onSubmit: (text: string) => Promise<unknown>;
}

/** Asks for a reason or remark, checked by the server's own schema, then sends it. */
export function ReasonModal({
  open,
  title,
  label,
  schema,
  field = 'reason',
  okText = '确定',
  confirm,
  onCancel,
  onSubmit,
}: Props) {
  const { modal } = App.useApp();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await onSubmit(text.trim());
      setText('');
    } catch {
      // The API client has shown the failure; the modal stays open to try again.
    } finally {
      setBusy(false);
    }
  };
  const submit = () => {
    const why = firstError(schema, { [field]: text });
    setError(why);
    if (why) return;
    if (confirm) void modal.confirm({ title: confirm, okText: '确定', cancelText: '再想想', onOk: send });
    else void send();
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
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
        value={text}
        status={error ? 'error' : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Modal>
  );
}
