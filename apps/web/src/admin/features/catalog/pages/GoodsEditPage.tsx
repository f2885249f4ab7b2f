import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  App,
  AutoComplete,
  Button,
  Card,
  Col,
  Form,
  Image,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import { SCOPE_CLASSES, adminGoodsCreateSchema, fieldErrors, type AdminGoodsDetail } from '@kc/domain';
import { isApiError } from '../../../../shared/api';
import { useCan } from '../../../shared';
import { GOODS_PATH, useBrands, useCatalogWrite, useGoods, useWarehouses } from '../api';
import { CategorySelect } from '../components/CategorySelect';
import { ImageUpload } from '../components/ImageUpload';
import { KxReleases } from '../components/KxReleases';
import { rxOptions, zoneOptions } from '../components/labels';

const YUAN = /^\d{1,7}(\.\d{1,2})?$/;
const yuanRule = { pattern: YUAN, message: '金额格式有误，最多两位小数' };
const FLAGS = [
  'is_hm',
  'round_to_case',
  'is_buy',
  'is_free_shipping',
  'is_dpby',
  'is_youx',
  'on_shelf',
] as const;
const LISTS = ['zones', 'images', 'ladder_price', 'tags'] as const;

const EMPTY: Partial<AdminGoodsDetail> = {
  rx_class: 'none',
  storage: '常温',
  bzdw: '盒',
  zbz: 1,
  jzl: 0,
  qg_number: 0,
  free_shipping_number: 0,
  is_buy: true,
  on_shelf: true,
  zones: [],
  images: [],
  ladder_price: [],
  tags: [],
};

/** The form's values as the call's body: flags 1/0, empty lists sent empty (so they clear). */
function toBody(v: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...v };
  for (const f of FLAGS) if (f in body) body[f] = body[f] ? 1 : 0;
  for (const l of LISTS) {
    const list = (body[l] as unknown[] | undefined) ?? [];
    body[l] = list.length
      ? list.map((x) =>
          typeof x === 'object' && x && 'is_show' in x
            ? { ...x, is_show: (x as { is_show: unknown }).is_show ? 1 : 0 }
            : x,
        )
      : null;
  }
  body.brand_id = body.brand_id ?? 0;
  return body;
}

/** A thumbnail of the image URL typed in row `index` of the images list. */
function ImagePreview({ form, index }: { form: ReturnType<typeof Form.useForm>[0]; index: number }) {
  const src = Form.useWatch(['images', index], form) as string | undefined;
  return src ? (
    <Image src={src} width={40} height={40} style={{ objectFit: 'contain' }} alt="商品图片" />
  ) : null;
}

/** 新增商品 / 编辑商品: every field the storefront shows, in sections; prices in yuan. */
export function GoodsEditPage() {
  const { id: raw } = useParams();
  const id = raw && raw !== 'new' ? Number(raw) : null;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const editable = useCan()('goods.edit');
  const [form] = Form.useForm();
  const goods = useGoods(id);
  const brands = useBrands().data ?? [];
  const warehouses = useWarehouses().data ?? [];
  const write = useCatalogWrite<AdminGoodsDetail>();
  const zones = Form.useWatch('zones', form) as string[] | undefined;
  const images = Form.useWatch('images', form) as string[] | undefined;

  useEffect(() => {
    if (goods.data)
      form.setFieldsValue({
        ...goods.data,
        brand_id: goods.data.brand_id || undefined,
        tags: goods.data.tags.map((t) => ({ ...t, is_show: !!t.is_show })),
      });
  }, [goods.data, form]);

  if (id !== null && goods.isPending) return <Skeleton active />;

  const save = async (values: Record<string, unknown>) => {
    const body = toBody(values);
    // The server's own schema first: the same messages, without a round trip.
    const checked = adminGoodsCreateSchema.safeParse(body);
    if (!checked.success) {
      const errors = fieldErrors(checked.error);
      form.setFields(
        Object.entries(errors).map(([name, msg]) => ({ name: name.split('.')[0]!, errors: [msg] })),
      );
      return;
    }
    await write.mutateAsync({ path: id ? `${GOODS_PATH}/${id}` : GOODS_PATH, body }).then(
      (saved) => {
        void message.success(id ? '商品已保存' : '商品已添加');
        if (!id) void navigate(`/goods/${saved.id}`, { replace: true });
      },
      (error: unknown) => {
        // The message was shown; also mark the fields the server named.
        const errors = isApiError(error)
          ? (error.data as { errors?: Record<string, string> } | null)?.errors
          : null;
        if (errors)
          form.setFields(
            Object.entries(errors).map(([name, msg]) => ({ name: name.split('.')[0]!, errors: [msg] })),
          );
      },
    );
  };

  const half = { xs: 24, md: 12, xl: 8 };
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!editable}
      initialValues={EMPTY}
      onFinish={save}
      scrollToFirstError
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card
          title={id ? `编辑商品 #${id}` : '新增商品'}
          extra={
            <Space>
              {id && <Link to={`/lots?goods_id=${id}`}>批号库存</Link>}
              {id && <Link to={`/stock-ledger?goods_id=${id}`}>库存台账</Link>}
              <Button onClick={() => navigate('/goods')} disabled={false}>
                返回列表
              </Button>
            </Space>
          }
        >
          <Typography.Title level={5}>基本信息</Typography.Title>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="name" label="通用名" rules={[{ required: true, message: '请输入商品通用名' }]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="trade_name" label="商品名">
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="ypgg" label="规格" rules={[{ required: true, message: '请输入规格' }]}>
                <Input maxLength={100} placeholder="如 0.25g*24粒" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="sccj" label="生产厂家" rules={[{ required: true, message: '请输入生产厂家' }]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="approval_no" label="批准文号">
                <Input maxLength={60} placeholder="国药准字H20003263" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="inn_name" label="英文通用名" extra="国际非专利药名，买家可按英文名搜索">
                <Input maxLength={100} placeholder="如 Amoxicillin" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="dosage_form" label="剂型">
                <Input maxLength={30} placeholder="片剂、胶囊剂…" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="rx_class" label="处方类别">
                <Select options={rxOptions} aria-label="处方类别" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="scope_class"
                label="经营范围类别"
                rules={[{ required: true, message: '请选择经营范围类别' }]}
              >
                <Select
                  aria-label="经营范围类别"
                  options={SCOPE_CLASSES.map((s) => ({ value: s, label: s }))}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="storage" label="储存条件">
                <AutoComplete
                  aria-label="储存条件"
                  options={['常温', '阴凉', '冷藏', '冷冻', '遮光，密封保存'].map((s) => ({ value: s }))}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="is_hm" label="含麻黄碱类复方制剂" valuePropName="checked">
                <Switch checkedChildren="含麻" unCheckedChildren="否" />
              </Form.Item>
            </Col>
          </Row>

          <Typography.Title level={5}>分类与归属</Typography.Title>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="category_id" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
                <CategorySelect aria-label="商品分类" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="brand_id" label="品牌">
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  aria-label="品牌"
                  options={brands.map((b) => ({ value: b.id, label: b.name }))}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="ck_id" label="仓库" rules={[{ required: true, message: '请选择仓库' }]}>
                <Select aria-label="仓库" options={warehouses.map((w) => ({ value: w.id, label: w.name }))} />
              </Form.Item>
            </Col>
            <Col xs={24} xl={16}>
              <Form.Item name="zones" label="专区">
                <Select mode="multiple" aria-label="专区" options={zoneOptions} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="on_shelf" label="上架销售" valuePropName="checked">
                <Switch checkedChildren="在售" unCheckedChildren="下架" />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="价格">
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item
                name="price"
                label="批发价（元）"
                rules={[{ required: true, message: '请输入批发价' }, yuanRule]}
              >
                <Input prefix="¥" inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="base_price"
                label="建议零售价（元）"
                rules={[{ required: true, message: '请输入零售价' }, yuanRule]}
              >
                <Input prefix="¥" inputMode="decimal" />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text type="secondary">阶梯价（买满数量后的单价，数量递增、价格递减）</Typography.Text>
          <Form.List name="ladder_price">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%', marginTop: 8 }}>
                {fields.map((f, i) => (
                  <Space key={f.key} align="baseline">
                    <span>第{i + 1}档 满</span>
                    <Form.Item name={[f.name, 'number']} rules={[{ required: true, message: '数量' }]}>
                      <InputNumber min={2} precision={0} aria-label={`第${i + 1}档数量`} />
                    </Form.Item>
                    <span>件，单价 ¥</span>
                    <Form.Item
                      name={[f.name, 'price']}
                      rules={[{ required: true, message: '价格' }, yuanRule]}
                    >
                      <Input style={{ width: 110 }} aria-label={`第${i + 1}档价格`} />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      删除
                    </Button>
                  </Space>
                ))}
                {fields.length < 5 && (
                  <Button type="dashed" onClick={() => add({ number: undefined, price: '' })}>
                    添加阶梯
                  </Button>
                )}
              </Space>
            )}
          </Form.List>
        </Card>

        <Card title="包装与购买规则">
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Form.Item name="bzdw" label="包装单位">
                <Input maxLength={10} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="zbz" label="中包装">
                <InputNumber min={1} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="jzl" label="件装量">
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="round_to_case" label="按整件购买" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="qg_number" label="限购数量（0 不限）">
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="is_buy" label="可购买" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="is_free_shipping" label="包邮" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="free_shipping_number" label="满多少件包邮">
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="is_dpby" label="单品包邮" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="is_youx" label="优选" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="图片与标签">
          <Typography.Paragraph type="secondary">
            商品图片（第一张为主图，可拖动调整顺序；JPG、PNG或WebP，每张不超过5MB）
          </Typography.Paragraph>
          <ImageUpload
            value={(images ?? []).filter(Boolean)}
            onChange={(next) => form.setFieldValue('images', next)}
            disabled={!editable}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            或填写图片地址（http(s) 地址或站内路径）
          </Typography.Paragraph>
          <Form.List name="images">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%', marginTop: 8 }}>
                {fields.map((f, i) => (
                  <Space key={f.key} align="baseline">
                    <ImagePreview form={form} index={f.name} />
                    <Form.Item name={f.name} rules={[{ required: true, message: '请输入图片地址' }]}>
                      <Input
                        style={{ width: 420 }}
                        aria-label={`图片${i + 1}`}
                        placeholder="/uploads/goods/xxx.jpg"
                      />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      删除
                    </Button>
                  </Space>
                ))}
                {fields.length < 10 && (
                  <Button type="dashed" onClick={() => add('')}>
                    添加图片
                  </Button>
                )}
              </Space>
            )}
          </Form.List>
          <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
            标签（如 医保、新品，显示在商品名旁）
          </Typography.Paragraph>
          <Form.List name="tags">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {fields.map((f, i) => (
                  <Space key={f.key} align="baseline">
                    <Form.Item name={[f.name, 'name']} rules={[{ required: true, message: '标签名' }]}>
                      <Input
                        maxLength={10}
                        style={{ width: 120 }}
                        aria-label={`标签${i + 1}`}
                        placeholder="标签"
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'describe']}>
                      <Input maxLength={50} style={{ width: 240 }} placeholder="说明" />
                    </Form.Item>
                    <Form.Item name={[f.name, 'is_show']} valuePropName="checked">
                      <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      删除
                    </Button>
                  </Space>
                ))}
                {fields.length < 10 && (
                  <Button type="dashed" onClick={() => add({ name: '', describe: '', is_show: true })}>
                    添加标签
                  </Button>
                )}
              </Space>
            )}
          </Form.List>
        </Card>

        {id && zones?.includes('kx') && <KxReleases goodsId={id} editable={editable} />}

        {editable && (
          <Space>
            <Button type="primary" htmlType="submit" loading={write.isPending}>
              {id ? '保存' : '添加商品'}
            </Button>
            <Button onClick={() => navigate('/goods')}>取消</Button>
          </Space>
        )}
      </Space>
    </Form>
  );
}
