import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Input, Table } from 'antd';
import { devSmsQuery, type DevSmsMessage } from '../api/dev-sms';
import s from '../../../shared/member/AccountShell.module.css';

/**
 * /dev/sms: the development SMS provider's outbox. The server offers the call only outside
 * production; there the page says the outbox is not available.
 */
export function DevSmsPage() {
  const [mobile, setMobile] = useState('');
  const outbox = useQuery(devSmsQuery(mobile));
  return (
    <div className={s.frame}>
      <section className={s.main}>
        <header className={s.head}>
          <h1 className={s.title}>开发环境短信发件箱</h1>
          <Input.Search
            placeholder="按手机号筛选"
            allowClear
            aria-label="按手机号筛选"
            onSearch={(v) => setMobile(v.trim())}
            style={{ width: 240 }}
          />
        </header>
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="此页仅用于开发和测试：短信未真实发出，验证码在此查看（最近20条，每5秒刷新）。生产环境不提供此页。"
        />
        {outbox.isError ? (
          <Alert type="info" showIcon title="当前服务器未启用开发短信通道（生产环境），没有发件箱。" />
        ) : (
          <Table<DevSmsMessage>
            rowKey={(m) => `${m.mobile}-${m.created_at}-${m.content}`}
            size="small"
            loading={outbox.isLoading}
            pagination={false}
            dataSource={outbox.data ?? []}
            locale={{ emptyText: '发件箱是空的' }}
            columns={[
              { title: '手机号', dataIndex: 'mobile', width: 140 },
              { title: '短信内容', dataIndex: 'content' },
              {
                title: '发送时间',
                dataIndex: 'created_at',
                width: 200,
                render: (v: string) => new Date(v).toLocaleString('zh-CN'),
              },
            ]}
          />
        )}
      </section>
    </div>
  );
}
