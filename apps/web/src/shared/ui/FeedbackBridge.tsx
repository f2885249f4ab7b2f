import { useEffect } from 'react';
import { App } from 'antd';
import { setFeedback } from './feedback';

/** Hands antd's context-bound message and modal to non-React code; renders nothing. */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setFeedback({
      error: (text) => void message.error(text),
      warning: (text) => void message.warning(text),
      alert: ({ title, content, okText = '确定', onOk }) => {
        modal.warning({ title, content, okText, onOk, centered: true });
      },
    });
    return () => setFeedback(null);
  }, [message, modal]);
  return null;
}
