/** The columns of each import file (docs/api/admin-import.md): what the templates, the export and the import read. */
export const IMPORT_KINDS = ['goods', 'lots', 'prices'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  goods: '商品',
  lots: '批号库存',
  prices: '价格',
};

/** One column of an import file. `header` is what the template and the export write. */
export interface ImportColumn {
  key: string;
  header: string;
  /** Other headers read as this column (a hand-made file, an ERP's wording). */
  aliases?: readonly string[];
  /** The file must have this column (checked once, on row 1). */
  required?: boolean;
  /** What the template's notes sheet says about it. */
  note: string;
  example: string;
}

const col = (c: ImportColumn) => c;

export const GOODS_COLUMNS = [
  col({
    key: 'id',
    header: 'ID',
    aliases: ['商品ID'],
    note: '留空为新增；填写则更新该商品。未填ID时按通用名+规格+生产厂家+仓库匹配已有商品',
    example: '',
  }),
  col({ key: 'name', header: '通用名', required: true, note: '必填', example: '阿莫西林胶囊' }),
  col({ key: 'tradeName', header: '商品名', note: '可空', example: '阿莫仙' }),
  col({ key: 'ypgg', header: '规格', required: true, note: '必填', example: '0.25g*24粒' }),
  col({ key: 'sccj', header: '生产厂家', required: true, note: '必填', example: '珠海联邦制药股份有限公司' }),
  col({
    key: 'approvalNo',
    header: '批准文号',
    note: '同一批准文号只能属于同一通用名和生产厂家',
    example: '国药准字H44021351',
  }),
  col({
    key: 'innName',
    header: '英文通用名',
    aliases: ['INN', '英文名'],
    note: '可空；国际非专利药名，如 Amoxicillin，可按英文名搜索',
    example: 'Amoxicillin',
  }),
  col({ key: 'dosageForm', header: '剂型', note: '', example: '胶囊剂' }),
  col({ key: 'rxClass', header: '处方类别', note: '处方药、甲类OTC、乙类OTC或非药品', example: '处方药' }),
  col({
    key: 'scopeClass',
    header: '经营范围',
    required: true,
    note: '如 化学药制剂、中成药、第二类医疗器械',
    example: '抗生素制剂',
  }),
  col({
    key: 'category',
    header: '分类',
    required: true,
    note: '分类路径（西药/抗感染药）或唯一的分类名称',
    example: '西药/抗感染药',
  }),
  col({ key: 'brand', header: '品牌', note: '已有品牌的名称，可空', example: '' }),
  col({ key: 'warehouse', header: '仓库', note: '已有仓库的名称；只有一个仓库时可空', example: '' }),
  col({ key: 'bzdw', header: '单位', note: '默认 盒', example: '盒' }),
  col({ key: 'zbz', header: '中包装', note: '正整数，默认1', example: '10' }),
  col({ key: 'jzl', header: '件装量', note: '整数，默认0', example: '400' }),
  col({ key: 'basePrice', header: '零售价', note: '元，最多两位小数', example: '15.80' }),
  col({
    key: 'price',
    header: '会员价',
    aliases: ['批发价', '会员价/批发价'],
    required: true,
    note: '元，大于0',
    example: '12.50',
  }),
  col({
    key: 'ladder',
    header: '阶梯价',
    note: '数量:单价，分号分隔，如 10:12.00;50:11.50',
    example: '10:12.00;50:11.50',
  }),
  col({ key: 'qgNumber', header: '限购数量', note: '每单限购，0为不限', example: '0' }),
  col({
    key: 'zones',
    header: '专区',
    note: '分号分隔：中药饮片、医疗器械、加盟专区、控销专区、优选专区、品牌专区、每日特价、秒杀',
    example: '',
  }),
  col({ key: 'tags', header: '标签', note: '分号分隔，如 新;满', example: '新' }),
  col({ key: 'storage', header: '储存条件', note: '默认 常温', example: '常温' }),
  col({ key: 'isHm', header: '含麻', note: '是/否', example: '否' }),
  col({ key: 'onShelf', header: '上架', note: '是/否，默认是', example: '是' }),
  col({ key: 'isFreeShipping', header: '包邮', note: '是/否', example: '否' }),
  col({ key: 'freeShippingNumber', header: '包邮数量', note: '满多少件包邮，整数', example: '0' }),
  col({ key: 'images', header: '图片', note: '图片地址，分号分隔', example: '' }),
] as const satisfies readonly ImportColumn[];

export const LOT_COLUMNS = [
  col({
    key: 'goodsId',
    header: '商品ID',
    aliases: ['ID'],
    note: '填写商品ID，或填写通用名+规格+生产厂家',
    example: '',
  }),
  col({ key: 'name', header: '通用名', note: '未填商品ID时必填', example: '阿莫西林胶囊' }),
  col({ key: 'ypgg', header: '规格', note: '未填商品ID时必填', example: '0.25g*24粒' }),
  col({ key: 'sccj', header: '生产厂家', note: '未填商品ID时必填', example: '珠海联邦制药股份有限公司' }),
  col({ key: 'warehouse', header: '仓库', note: '同一商品在多个仓库时必填', example: '' }),
  col({ key: 'batchNo', header: '批号', required: true, note: '必填', example: '20250301' }),
  col({ key: 'producedOn', header: '生产日期', required: true, note: 'YYYY-MM-DD', example: '2025-03-01' }),
  col({
    key: 'expiresOn',
    header: '有效期至',
    required: true,
    note: 'YYYY-MM-DD，晚于生产日期',
    example: '2027-02-28',
  }),
  col({ key: 'quantity', header: '数量', required: true, note: '入库数量，正整数', example: '100' }),
  col({ key: 'supplier', header: '供货单位', note: '', example: '国药控股广州有限公司' }),
  col({ key: 'unitCost', header: '进价', note: '元', example: '8.20' }),
] as const satisfies readonly ImportColumn[];

export const PRICE_COLUMNS = [
  col({
    key: 'goodsId',
    header: '商品ID',
    aliases: ['ID'],
    note: '填写商品ID，或填写通用名+规格+生产厂家（+仓库）',
    example: '',
  }),
  col({ key: 'name', header: '通用名', note: '未填商品ID时必填', example: '阿莫西林胶囊' }),
  col({ key: 'ypgg', header: '规格', note: '未填商品ID时必填', example: '0.25g*24粒' }),
  col({ key: 'sccj', header: '生产厂家', note: '未填商品ID时必填', example: '珠海联邦制药股份有限公司' }),
  col({ key: 'warehouse', header: '仓库', note: '同一商品在多个仓库时必填', example: '' }),
  col({
    key: 'price',
    header: '会员价',
    aliases: ['批发价', '会员价/批发价'],
    required: true,
    note: '元，大于0',
    example: '12.50',
  }),
  col({ key: 'basePrice', header: '零售价', note: '元；没有此列则不改', example: '15.80' }),
  col({
    key: 'ladder',
    header: '阶梯价',
    note: '数量:单价;…；空为取消阶梯价；没有此列则不改',
    example: '10:12.00',
  }),
  col({
    key: 'qgNumber',
    header: '限购数量',
    aliases: ['限购'],
    note: '0为不限；没有此列则不改',
    example: '0',
  }),
] as const satisfies readonly ImportColumn[];

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  goods: GOODS_COLUMNS,
  lots: LOT_COLUMNS,
  prices: PRICE_COLUMNS,
};

/** Columns the lots export writes (it is a report; importing it again would receive the stock twice). */
export const LOT_EXPORT_HEADERS = [
  '商品ID',
  '通用名',
  '规格',
  '生产厂家',
  '仓库',
  '批号',
  '生产日期',
  '有效期至',
  '入库数量',
  '剩余数量',
  '供货单位',
  '进价',
  '入库时间',
] as const;
