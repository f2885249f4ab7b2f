import { useParams } from 'react-router';
import { Button, Result, Skeleton } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { DeliveryNoteView } from '@kc/domain';
import { useDeliveryNote } from '../api/delivery-note';
import s from './DeliveryNotePage.module.css';

const HEADERS = [
  '品名',
  '规格',
  '生产厂家',
  '批准文号',
  '批号',
  '生产日期',
  '有效期至',
  '单位',
  '数量',
  '单价',
  '金额',
];

type Sheet = DeliveryNoteView['sheets'][number];

function NoteSheet({ note, sheet }: { note: DeliveryNoteView; sheet: Sheet }) {
  const a = note.address;
  return (
    <section className={s.sheet} aria-label={`随货同行单 ${sheet.warehouse}`}>
      <h2>{note.seller} 随货同行单</h2>
      <div className={s.meta}>
        <span>订单号：{note.order_no}</span>
        <span>发货仓库：{sheet.warehouse}</span>
        <span>发货日期：{note.shipped_at || '—'}</span>
        <span>购货单位：{note.company}</span>
        <span>
          收货人：{a.consignee} {a.phone}
        </span>
        <span>
          物流：{note.carrier || '—'} {note.tracking_no}
        </span>
        <span style={{ gridColumn: '1 / -1' }}>
          收货地址：{a.region}
          {a.address}
        </span>
      </div>
      <table className={s.table}>
        <thead>
          <tr>
            {HEADERS.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sheet.rows.map((r, i) => (
            <tr key={`${r.batch_no}-${i}`}>
              <td className={s.left}>{r.name}</td>
              <td>{r.ypgg}</td>
              <td className={s.left}>{r.sccj}</td>
              <td>{r.approval_no}</td>
              <td>{r.batch_no}</td>
              <td>{r.produced_on}</td>
              <td>{r.expires_on}</td>
              <td>{r.bzdw}</td>
              <td>{r.number}</td>
              <td>{r.price}</td>
              <td>{r.amount}</td>
            </tr>
          ))}
          <tr>
            <td colSpan={10} className={s.left}>
              合计
            </td>
            <td>{sheet.amount}</td>
          </tr>
        </tbody>
      </table>
      <div className={s.sign}>
        <span>下单时间：{note.created_at}</span>
        <span>发货人：</span>
        <span>收货人签字：</span>
      </div>
    </section>
  );
}

/** /order/print/:id (order_print): 随货同行单, one printable sheet per warehouse; the button does not print. */
export function DeliveryNotePage() {
  const id = Number(useParams().id) || 0;
  const { data: note, isError } = useDeliveryNote(id);
  return (
    <div className={s.page}>
      <div className={`${s.toolbar} ${s.noPrint}`}>
        <Button type="primary" icon={<PrinterOutlined />} disabled={!note} onClick={() => window.print()}>
          打印
        </Button>
      </div>
      {note ? (
        note.sheets.map((sheet) => <NoteSheet key={sheet.ck_id} note={note} sheet={sheet} />)
      ) : isError || id === 0 ? (
        <Result status="warning" title="随货同行单暂不可用" />
      ) : (
        <Skeleton active />
      )}
    </div>
  );
}
