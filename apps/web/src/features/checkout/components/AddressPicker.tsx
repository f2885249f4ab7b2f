import { Button, Card, Empty, Radio } from 'antd';
import type { AddressView } from '@kc/domain';
import s from './checkout.module.css';

interface Props {
  addresses: AddressView[];
  /** The chosen address id, 0 for none. */
  value: number;
  onChange: (id: number) => void;
  onAdd: () => void;
}

/** 收货地址: the member's addresses as radio cards, and a way to add one. */
export function AddressPicker({ addresses, value, onChange, onAdd }: Props) {
  return (
    <Card
      title="收货地址"
      size="small"
      className={s.section}
      extra={
        <Button type="link" onClick={onAdd}>
          新增收货地址
        </Button>
      }
    >
      {addresses.length === 0 ? (
        <Empty description="还没有收货地址，请先新增收货地址" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Radio.Group
          className={s.addresses}
          value={value || undefined}
          onChange={(e) => onChange(e.target.value as number)}
          aria-label="收货地址"
          name="address_id"
        >
          {addresses.map((a) => (
            <div key={a.id} className={s.addressCard}>
              <Radio value={a.id} aria-label={`${a.consignee} ${a.region}${a.address}`}>
                <b>{a.consignee}</b> {a.phone} {a.is_default === 1 && <span className={s.hint}>默认</span>}
              </Radio>
              <div className={s.addressLine}>
                {a.region}
                {a.address}
              </div>
            </div>
          ))}
        </Radio.Group>
      )}
    </Card>
  );
}
