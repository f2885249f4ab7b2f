import { Button, DatePicker, Form, Input } from 'antd';
import { orderListQuerySchema } from '@kc/domain';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../../../shared/format/date';
import { zodRule } from '../../../shared/forms/zod-rule';
import type { OrderListFilter } from '../api/list';
import s from './order.module.css';

export type OrderSearch = Pick<OrderListFilter, 'keywords' | 'start_time' | 'end_time'>;

interface Values {
  keywords?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const DAY = 'YYYY-MM-DD';
const keywordRules = [zodRule(orderListQuerySchema.shape.keywords, '搜索内容')];

interface Props {
  value: OrderSearch;
  onSearch: (search: OrderSearch) => void;
}

/**
 * Search by order number or goods name and a date range. The form starts from the URL and is
 * rebuilt when the URL changes (back/forward), so what it shows is what the list shows.
 */
export function OrderFilters({ value, onSearch }: Props) {
  const initial: Values = {
    keywords: value.keywords,
    range:
      value.start_time || value.end_time
        ? [value.start_time ? dayjs(value.start_time) : null, value.end_time ? dayjs(value.end_time) : null]
        : null,
  };
  const submit = (v: Values) =>
    onSearch({
      keywords: v.keywords?.trim() || undefined,
      start_time: v.range?.[0]?.format(DAY),
      end_time: v.range?.[1]?.format(DAY),
    });
  return (
    <Form<Values>
      key={JSON.stringify(value)}
      layout="inline"
      className={s.filters}
      initialValues={initial}
      onFinish={submit}
    >
      <Form.Item name="keywords" rules={keywordRules}>
        <Input
          aria-label="订单号或商品名称"
          placeholder="订单号/商品名称"
          allowClear
          style={{ width: 220 }}
        />
      </Form.Item>
      <Form.Item name="range">
        <DatePicker.RangePicker
          format={DAY}
          allowEmpty={[true, true]}
          placeholder={['开始日期', '结束日期']}
          aria-label="下单日期"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        搜索
      </Button>
      <Button style={{ marginLeft: 8 }} onClick={() => onSearch({})}>
        重置
      </Button>
    </Form>
  );
}
