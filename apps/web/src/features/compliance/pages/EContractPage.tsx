import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Descriptions, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { CONTRACT_KEY, contractQuery, signContract } from '../api/contract';
import s from './EContractPage.module.css';

/** Only in-app paths are followed back (never `//host` or a full URL). */
function backTarget(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}

/** Whether this tab has an earlier in-app page to go back to (React Router numbers entries). */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}

/**
 * /dzht, the target of error 459: read the e-contract (购销合同及质量保证协议) and sign it
 * online; the server records the time and IP. Afterwards the buyer returns where they were.
 */
export function EContractPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const contract = useQuery(contractQuery);
  const [agreed, setAgreed] = useState(false);
  const sign = useMutation({
    mutationFn: signContract,
    onSuccess: (signed) => {
      queryClient.setQueryData(CONTRACT_KEY, signed);
      void queryClient.invalidateQueries({ queryKey: ['user', 'center'] });
      void message.success('电子合同签署成功');
      const back = backTarget(params.get('redirect'));
      if (back) void navigate(back, { replace: true });
      else if (canGoBack()) void navigate(-1);
    },
  });

  const c = contract.data;
  return (
    <div className={s.page}>
      {!c ? (
        <Skeleton active />
      ) : (
        <>
          <h1 className={s.title}>{c.title}</h1>
          <div className={s.version}>合同版本：{c.version}</div>
          <div className={s.text} tabIndex={0} aria-label="合同正文">
            {c.content}
          </div>
          {c.signed === 1 ? (
            <Alert
              type="success"
              showIcon
              title="您已签署本合同"
              description={
                <Descriptions column={2} size="small">
                  <Descriptions.Item label="签署时间">
                    {c.signed_at ? new Date(c.signed_at).toLocaleString('zh-CN') : '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label="签署IP">{c.signed_ip}</Descriptions.Item>
                </Descriptions>
              }
            />
          ) : (
            <div className={s.sign}>
              <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
                我已阅读并同意上述合同的全部条款
              </Checkbox>
              <Button
                type="primary"
                size="large"
                disabled={!agreed}
                loading={sign.isPending}
                onClick={() => sign.mutate(c.version)}
              >
                同意并签署
              </Button>
              <span className={s.hint}>签署时间和IP地址将由平台记录，作为电子签署凭证。</span>
            </div>
          )}
        </>
      )}
    </div>
  );
}
