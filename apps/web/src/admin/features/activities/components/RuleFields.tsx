import { Button, DatePicker, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { ACTIVITY_LIMITS, type ActivityKindName } from '@kc/domain';
import { useCouponOptions } from '../api';
import { GoodsSelect } from '../../../shared';

type Labels = ReadonlyMap<number, string>;

/** 满减 / 满返: the tiers, rising, and the goods in scope (none = the whole store). */
function TierFields({ kind, labels }: { kind: 'manjian' | 'manfan'; labels: Labels }) {
  const word = kind === 'manjian' ? '减' : '返';
  return (
    <>
      <Form.List name="tiers">
        {(fields, { add, remove }) => (
          <>
            {fields.map(({ key, name }, i) => (
              <Space key={key} align="baseline" wrap>
                <Form.Item
                  name={[name, 'amount']}
                  label={`第${i + 1}档 满（元）`}
                  rules={[{ required: true, message: '请填写门槛金额' }]}
                >
                  <InputNumber min={0.01} precision={2} style={{ width: 150 }} />
                </Form.Item>
                <Form.Item
                  name={[name, 'value']}
                  label={`第${i + 1}档 ${word}（元）`}
                  rules={[{ required: true, message: `请填写${word}额` }]}
                >
                  <InputNumber min={0.01} precision={2} style={{ width: 150 }} />
                </Form.Item>
                <Button type="link" danger icon={<MinusCircleOutlined />} onClick={() => remove(name)}>
                  删除
                </Button>
              </Space>
            ))}
            <Form.Item>
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                disabled={fields.length >= ACTIVITY_LIMITS.tiers}
                onClick={() => add()}
              >
                添加档位
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
      <Form.Item name="goods_ids" label="适用商品（不选为全场）">
        <GoodsSelect multiple labels={labels} aria-label="适用商品" />
      </Form.Item>
    </>
  );
}

/** 秒杀 / 每日特价: goods with their activity price, per-buyer limit and (特价) day. */
function ItemFields({ kind, labels }: { kind: 'flash' | 'special'; labels: Labels }) {
  return (
    <Form.List name="items">
      {(fields, { add, remove }) => (
        <>
          {fields.map(({ key, name }, i) => (
            <div key={key} style={{ borderBottom: '1px dashed #eee', marginBottom: 12 }}>
              <Form.Item
                name={[name, 'goods_id']}
                label={`第${i + 1}个商品`}
                rules={[{ required: true, message: '请选择商品' }]}
              >
                <GoodsSelect labels={labels} aria-label={`第${i + 1}个商品`} />
              </Form.Item>
              <Space align="baseline" wrap>
                <Form.Item
                  name={[name, 'price']}
                  label="活动价（元）"
                  rules={[{ required: true, message: '请填写活动价' }]}
                >
                  <InputNumber min={0.01} precision={2} style={{ width: 130 }} />
                </Form.Item>
                <Form.Item name={[name, 'limit']} label="每人限购（0不限）">
                  <InputNumber min={0} precision={0} style={{ width: 130 }} />
                </Form.Item>
                {kind === 'special' && (
                  <Form.Item name={[name, 'date']} label="特价日期（不填为每天）">
                    <DatePicker style={{ width: 150 }} />
                  </Form.Item>
                )}
                <Button type="link" danger icon={<MinusCircleOutlined />} onClick={() => remove(name)}>
                  删除
                </Button>
              </Space>
            </div>
          ))}
          <Form.Item>
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              disabled={fields.length >= ACTIVITY_LIMITS.items}
              onClick={() => add({ limit: 0 })}
            >
              添加商品
            </Button>
          </Form.Item>
        </>
      )}
    </Form.List>
  );
}

/** 专区/活动页: sections of goods and the coupons offered on the page. */
function TemplateFields({ labels }: { labels: Labels }) {
  const coupons = useCouponOptions(true);
  return (
    <>
      <Form.List name="sections">
        {(fields, { add, remove }) => (
          <>
            {fields.map(({ key, name }, i) => (
              <div key={key} style={{ borderBottom: '1px dashed #eee', marginBottom: 12 }}>
                <Space align="baseline">
                  <Form.Item
                    name={[name, 'title']}
                    label={`第${i + 1}个专区标题`}
                    rules={[{ required: true, message: '请填写专区标题' }, { max: 20 }]}
                  >
                    <Input style={{ width: 240 }} />
                  </Form.Item>
                  <Button type="link" danger icon={<MinusCircleOutlined />} onClick={() => remove(name)}>
                    删除
                  </Button>
                </Space>
                <Form.Item
                  name={[name, 'goods_ids']}
                  label={`第${i + 1}个专区商品（最多${ACTIVITY_LIMITS.sectionGoods}个）`}
                  rules={[
                    {
                      validator: (_, v?: number[]) =>
                        (v?.length ?? 0) > ACTIVITY_LIMITS.sectionGoods
                          ? Promise.reject(new Error(`每个专区最多${ACTIVITY_LIMITS.sectionGoods}个商品`))
                          : Promise.resolve(),
                    },
                  ]}
                >
                  <GoodsSelect multiple labels={labels} aria-label={`第${i + 1}个专区商品`} />
                </Form.Item>
              </div>
            ))}
            <Form.Item>
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                disabled={fields.length >= ACTIVITY_LIMITS.sections}
                onClick={() => add({ title: '', goods_ids: [] })}
              >
                添加专区
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
      <Form.Item name="coupon_ids" label="页面优惠券">
        <Select
          mode="multiple"
          aria-label="页面优惠券"
          showSearch={{ optionFilterProp: 'label' }}
          loading={coupons.isFetching}
          options={(coupons.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
    </>
  );
}

/** The fields of the kind's rules. */
export function RuleFields({ kind, labels }: { kind: ActivityKindName; labels: Labels }) {
  const giftType = Form.useWatch('gift_type');
  switch (kind) {
    case 'manjian':
    case 'manfan':
      return <TierFields kind={kind} labels={labels} />;
    case 'flash':
    case 'special':
      return <ItemFields kind={kind} labels={labels} />;
    case 'template':
      return <TemplateFields labels={labels} />;
    case 'discount':
      return (
        <>
          <Form.Item name="zhe" label="折扣（折）" rules={[{ required: true, message: '请填写折扣' }]}>
            <InputNumber min={5} max={9.99} step={0.1} precision={2} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="excluded_goods_ids" label="不参与折扣的商品">
            <GoodsSelect multiple labels={labels} aria-label="不参与折扣的商品" />
          </Form.Item>
        </>
      );
    case 'gift':
      return (
        <>
          <Space align="baseline">
            <Form.Item name="buy" label="买（件）" rules={[{ required: true, message: '请填写购买数量' }]}>
              <InputNumber min={1} precision={0} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="give" label="赠（件）" rules={[{ required: true, message: '请填写赠送数量' }]}>
              <InputNumber min={1} precision={0} style={{ width: 120 }} />
            </Form.Item>
          </Space>
          <Form.Item name="gift_type" label="赠品">
            <Radio.Group
              options={[
                { value: 1, label: '同品赠送' },
                { value: 2, label: '其他赠品' },
              ]}
            />
          </Form.Item>
          {giftType === 2 && (
            <Form.Item
              name="gift_name"
              label="赠品名称"
              rules={[{ required: true, message: '请填写赠品名称' }]}
            >
              <Input maxLength={40} />
            </Form.Item>
          )}
          <Form.Item
            name="goods_ids"
            label="买赠商品"
            rules={[{ required: true, message: '请选择买赠商品' }]}
          >
            <GoodsSelect multiple labels={labels} aria-label="买赠商品" />
          </Form.Item>
        </>
      );
  }
}
