import { Card, Descriptions, Tag } from 'antd';
import type { HmInfoView } from '@kc/domain';

interface Props {
  hm: HmInfoView;
  /** Shipped and still without its receipt: 待上传. */
  due?: boolean;
}

/** Who bought the 含麻 goods (recorded at payment) and the arrival receipt's state. */
export function HmInfo({ hm, due = false }: Props) {
  const uploaded = hm.receipt_status === 'uploaded';
  return (
    <Card size="small" title="含麻药品购买人">
      <Descriptions size="small" column={3}>
        <Descriptions.Item label="购买人">{hm.purchaser_name || '—'}</Descriptions.Item>
        <Descriptions.Item label="身份证号">{hm.purchaser_id_no || '—'}</Descriptions.Item>
        <Descriptions.Item label="联系电话">{hm.purchaser_phone || '—'}</Descriptions.Item>
        <Descriptions.Item label="到货回执">
          {uploaded ? (
            <>
              <Tag color="green">已上传</Tag>
              {hm.receipt_uploaded_at}
              {hm.receipt_url && (
                <a href={hm.receipt_url} target="_blank" rel="noreferrer" style={{ marginLeft: 8 }}>
                  查看回执
                </a>
              )}
            </>
          ) : due ? (
            <Tag color="red">待上传</Tag>
          ) : (
            <Tag>未上传</Tag>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
