import type { ReactNode } from 'react';
import { Result } from 'antd';
import type { ResultProps } from 'antd';
import { Link } from 'react-router';

interface Props {
  status?: ResultProps['status'];
  title: ReactNode;
  text?: ReactNode;
  /** Extra actions after the 返回首页 link. */
  actions?: ReactNode;
}

/** A full-width notice page (not found, no activity, coming soon) with a way home. */
export function Notice({ status = 'info', title, text, actions }: Props) {
  return (
    <Result
      status={status}
      title={title}
      subTitle={text}
      style={{ padding: '64px 24px', background: '#fff' }}
      extra={
        <div style={{ display: 'flex', justifyContent: 'center', gap: 24 }}>
          <Link to="/">返回首页</Link>
          {actions}
        </div>
      }
    />
  );
}
