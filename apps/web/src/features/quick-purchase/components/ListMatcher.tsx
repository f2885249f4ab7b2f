import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Input, Space, Upload } from 'antd';
import { ShoppingCartOutlined, UploadOutlined } from '@ant-design/icons';
import { QUICK_COLUMNS, QUICK_LIMITS, type QuickCartReply, type QuickMatchReply } from '@kc/domain';
import { useQuickCart } from '../api/cart';
import { useMatchList, type ListSource } from '../api/match';
import { MatchTable } from './MatchTable';
import { initialPick, type Pick } from './pick';
import s from './QuickPurchase.module.css';

const HEADER = QUICK_COLUMNS.map((c) => c.header);
const TEMPLATE = `data:text/csv;charset=utf-8,${encodeURIComponent(
  `\uFEFF${HEADER.join(',')}\r\n${QUICK_COLUMNS.map((c) => c.example).join(',')}\r\n`,
)}`;
const PLACEHOLDER = `从Excel或药店ERP复制采购清单粘贴到这里，每行一个商品。\n可带表头（${HEADER.join('、')}），也可不带表头按此顺序粘贴，例如：\n${QUICK_COLUMNS.map((c) => c.example).join('\t')}`;

/** Paste or upload a purchase list, check the matches, and put the chosen lines in the cart. */
export function ListMatcher() {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [result, setResult] = useState<QuickMatchReply | null>(null);
  const [picks, setPicks] = useState<Pick[]>([]);
  const [added, setAdded] = useState<QuickCartReply | null>(null);
  const match = useMatchList();
  const cart = useQuickCart();

  const run = (source: ListSource) =>
    match.mutate(source, {
      onSuccess: (r) => {
        setResult(r);
        setPicks(r.rows.map(initialPick));
        setAdded(null);
      },
    });
  const onPick = (index: number, pick: Pick) => setPicks((ps) => ps.map((p, i) => (i === index ? pick : p)));
  const chosen = result
    ? result.rows.flatMap((r, i) => (picks[i]?.selected && picks[i].goods ? [{ r, p: picks[i] }] : []))
    : [];
  const addAll = () =>
    cart.mutate(
      chosen.map(({ r, p }) => ({ goods_id: p.goods!.id, number: p.number, code: r.code || undefined })),
      {
        onSuccess: (reply) => {
          setAdded(reply);
          void message.success(`已加入购物车${reply.added}种商品`);
        },
      },
    );

  return (
    <div>
      <div className={s.panel}>
        <Input.TextArea
          aria-label="采购清单"
          rows={7}
          value={text}
          maxLength={QUICK_LIMITS.maxTextChars}
          placeholder={PLACEHOLDER}
          onChange={(e) => setText(e.target.value)}
        />
        <Space className={s.actions} wrap>
          <Button
            type="primary"
            loading={match.isPending}
            disabled={!text.trim()}
            onClick={() => run({ text })}
          >
            开始匹配
          </Button>
          <Upload
            accept=".xlsx,.csv"
            showUploadList={false}
            beforeUpload={(file) => {
              run({ file });
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={match.isPending}>
              上传Excel/CSV
            </Button>
          </Upload>
          <a href={TEMPLATE} download="快捷采购模板.csv">
            下载模板
          </a>
          <span className={s.muted}>
            按批准文号、您的商品编码、名称+规格+厂家依次匹配，每次最多{QUICK_LIMITS.maxRows}
            行；选择过的商品会按您的编码记住。
          </span>
        </Space>
      </div>
      {result && (
        <div className={s.panel}>
          <div className={s.summary}>
            <span>共 {result.summary.total} 行</span>
            <span className={s.ok}>已匹配 {result.summary.matched}</span>
            <span className={s.warnText}>待选择 {result.summary.ambiguous}</span>
            <span className={s.bad}>未匹配 {result.summary.unmatched}</span>
            <Button
              type="primary"
              icon={<ShoppingCartOutlined />}
              disabled={chosen.length === 0}
              loading={cart.isPending}
              onClick={addAll}
            >
              加入购物车（{chosen.length}种）
            </Button>
          </div>
          {added && (
            <Alert
              className={s.alert}
              type={added.skipped.length ? 'warning' : 'success'}
              showIcon
              title={
                <span>
                  已加入购物车{added.added}种商品
                  {added.skipped.length ? `，${added.skipped.length}种未能加入` : ''}。{' '}
                  <Link to="/cart">去购物车结算</Link>
                </span>
              }
              description={
                added.skipped.length ? (
                  <ul className={s.skipped}>
                    {added.skipped.map((k) => (
                      <li key={k.goods_id}>
                        {k.name}：{k.reason}
                      </li>
                    ))}
                  </ul>
                ) : undefined
              }
            />
          )}
          <MatchTable rows={result.rows} picks={picks} onPick={onPick} />
        </div>
      )}
    </div>
  );
}
