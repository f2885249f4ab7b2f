import { useEffect, useState } from 'react';
import { Button } from 'antd';

/** One send per mobile per 60 s (issue 4 §3); the button counts the wait down. */
export const SMS_RESEND_SECONDS = 60;

interface Props {
  /** Checks the mobile and sends the code; resolves true when a code was sent. */
  onSend: () => Promise<boolean>;
  disabled?: boolean;
}

/** 获取验证码 with a 60 s countdown after a successful send. */
export function SmsCodeButton({ onSend, disabled }: Props) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) setLeft(SMS_RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      onClick={() => void send()}
      loading={sending}
      disabled={disabled || left > 0}
      style={{ width: 120 }}
    >
      {left > 0 ? `${left}秒后重发` : '获取验证码'}
    </Button>
  );
}
