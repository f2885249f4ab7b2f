import {
  ARTICLE_CATEGORY,
  EXPIRY_WARNING_DAYS,
  HM_ORDER_LIMIT_DEFAULT,
  ORDER_RULES,
  SHIPPING,
  shortYuan,
} from '@kc/domain';
import type { Queryable } from '../platform/db.js';
import { adminArticleCategories, listAdminArticles } from '../modules/content/admin-articles.js';
import { createArticle, createArticleCategory, updateArticle } from '../modules/content/service.js';

/**
 * The help centre's articles as 康采医药 writes them, saying what the platform does: the
 * payment methods, the timeouts, the shipping fee, returns and the qualification rules are
 * taken from the same constants the server enforces (packages/domain), so a changed rule
 * changes its article on the next seed. Column and article slugs make the routes of SPEC §2
 * (/help/xrzn/hyzc, /help/fwbz/wzzz, /help/zfps/ddzf …).
 *
 * seedContent creates the help columns with a first draft of these articles; this runs after
 * it and brings each article (found by its column's and its own slug) to the text below,
 * creating what is missing. Run twice, it changes nothing.
 */

interface HelpArticle {
  title: string;
  slug: string;
  summary: string;
  body: string;
}
interface HelpColumn {
  name: string;
  slug: string;
  articles: HelpArticle[];
}

const p = (...paras: string[]) => paras.map((x) => `<p>${x}</p>`).join('');
const h = (text: string) => `<h3>${text}</h3>`;
const ul = (...items: string[]) => `<ul>${items.map((x) => `<li>${x}</li>`).join('')}</ul>`;
const ol = (...items: string[]) => `<ol>${items.map((x) => `<li>${x}</li>`).join('')}</ol>`;
const a = (href: string, text: string) => `<a href="${href}">${text}</a>`;

const HOURS = (ms: number) => ms / 3600_000;
const DAYS = (ms: number) => ms / 86_400_000;
const unpaidMinutes = ORDER_RULES.unpaidTimeoutMs / 60_000;
const transferHours = HOURS(ORDER_RULES.offlineTimeoutMs);
const returnDays = DAYS(ORDER_RULES.returnWindowMs);
const autoReceiveDays = DAYS(ORDER_RULES.autoReceiveMs);
const freeFrom = shortYuan(SHIPPING.freeThresholdFen);
const fee = shortYuan(SHIPPING.feeFen);

const HOT_LINE = '400-826-5198';
const COMPLAINT_LINE = '0571-88265199';

export const HELP_ARTICLES: HelpColumn[] = [
  {
    name: '新手指南',
    slug: 'xrzn',
    articles: [
      {
        title: '会员注册',
        slug: 'hyzc',
        summary: '注册账号、填写企业信息、上传资质证件，审核通过后即可采购。',
        body:
          p(
            '康采医药网是面向药品经营企业和医疗机构的B2B批发采购平台，只向持有合法资质的企业会员销售。注册分三步：',
          ) +
          ol(
            `<strong>创建账号</strong>：点击“${a('/register', '免费注册')}”，填写用户名、登录密码和手机号码，获取并填写短信验证码，阅读并同意${a('/help/fwbz/yhxy', '《用户注册协议》')}。`,
            '<strong>填写企业信息并上传证件</strong>：企业名称、企业类型（药店、诊所、医院、批发企业）、联系人及电话、所在地区和详细地址、统一社会信用代码、药品经营许可证号及经营范围；再上传资质证件（JPG、PNG或PDF，单个文件不超过5MB）。',
            '<strong>等待审核</strong>：提交后由平台客服审核资质，审核结果会以站内消息和短信通知您；未通过时消息中会写明原因，修改后可重新提交。',
          ) +
          h('需要上传的证件') +
          ul(
            '药店、批发企业：营业执照、药品经营许可证。',
            '诊所、医院：营业执照、医疗机构执业许可证。',
            '经营医疗器械的企业请同时上传医疗器械经营许可证或备案凭证；采购含麻黄碱类复方制剂须另行上传含麻药品采购委托书。',
          ) +
          p(
            `证件上的有效期请如实填写。证件到期前${EXPIRY_WARNING_DAYS}天起，会员中心会提醒您更新；必需证件过期后将暂停下单，上传新证件并审核通过后即可恢复。`,
            `同一手机号下有多家门店的，可通过${a('/register_dd', '多店注册')}为每家门店单独开户，登录后在“${a('/ddgl', '多店管理')}”中切换。`,
          ),
      },
      {
        title: '购物指南',
        slug: 'gwzn',
        summary: '搜索商品、加入购物车、提交订单与支付、收货确认的完整流程。',
        body:
          h('查找商品') +
          p(
            '在页面顶部的搜索框中输入药品名称或拼音首字母（如输入“amxl”可找到阿莫西林），切换到“厂家”可按生产企业名称或其拼音首字母搜索；也可以从左侧商品分类和各专区进入。',
            '商品页显示规格、包装单位、生产厂家、批准文号、近效期和库存。部分商品设有阶梯价，采购数量达到档位即按对应单价结算；采购数量需按商品的中包装数量递增。',
          ) +
          h('提交订单') +
          ol(
            '在商品列表或详情页选择数量后加入购物车，购物车中可勾选、修改数量或批量删除。',
            '结算时选择收货地址、发票类型（不开发票、普通发票或增值税专用发票）和可用的优惠券，核对应付金额后提交订单。首次下单前需在线签署《购销合同及质量保证协议》。',
            `提交后请在${unpaidMinutes}分钟内完成支付（选择对公转账的订单为${transferHours}小时），否则订单自动取消并释放库存和优惠券。支付方式详见${a('/help/zfps/ddzf', '订单支付')}。`,
          ) +
          h('收货与售后') +
          p(
            `订单发货后，可在“${a('/order', '我的订单')}”中查看承运商、运单号、物流轨迹以及每个商品的出库批号和有效期。收货无误后请点击“确认收货”；发货${autoReceiveDays}天后未确认的订单系统会自动确认收货。`,
            '确认收货后，按订单实付商品金额每1元累计1积分，积分可在积分商城兑换礼品。退货和售后请见' +
              a('/help/zfps/ypth', '药品退换') +
              '。',
          ),
      },
      {
        title: '安全购买',
        slug: 'aqgm',
        summary: '平台按药品经营质量管理规范销售，只向有资质的企业在其经营范围内供货。',
        body:
          p(
            '康采医药网严格执行《药品经营质量管理规范》（GSP），所有商品均来自具备合法资质的药品生产、经营企业，每一件出库商品都记录批号、生产日期和有效期，可追溯到入库批次。',
          ) +
          h('购买资格') +
          ul(
            '只有资质审核通过、且必需证件均在有效期内的会员可以下单。',
            '只能采购经营范围内的商品：经营范围由客服依据您的许可证核定，范围外的商品页面会提示原因。',
            '控销品种只对指定地区或客户类型开放，如需采购请联系专属客服申请授权。',
            `含麻黄碱类复方制剂须备案有效的含麻药品采购委托书，每单限购（默认${HM_ORDER_LIMIT_DEFAULT}件，以商品页为准）；支付前须登记购买人姓名、身份证号和电话，收货后请在“含麻订单”中上传到货回执。`,
          ) +
          h('不经营的品种') +
          p(
            '依照《药品网络销售监督管理办法》，本平台不销售疫苗、血液制品、麻醉药品、精神药品、医疗用毒性药品、放射性药品、药品类易制毒化学品、医疗机构制剂及中药配方颗粒等禁止网络销售的品种。',
          ) +
          h('收货检查') +
          p(
            '收货时请对照随货同行单核对品名、规格、批号、有效期和数量，检查外包装是否完好。发现破损、错发或漏发，请在订单详情中申请售后并上传照片。',
          ),
      },
    ],
  },
  {
    name: '服务保障',
    slug: 'fwbz',
    articles: [
      {
        title: '网站资质',
        slug: 'wzzz',
        summary: '康采医药依法取得的药品、医疗器械、食品经营及互联网药品信息服务证照。',
        body:
          p('杭州康采医药有限公司依法取得以下证照，证照编号公示于本网站每个页面的底部：') +
          ul(
            '《药品经营许可证》（批发）',
            '《医疗器械经营许可证》及《第二类医疗器械经营备案凭证》',
            '《食品经营许可证》',
            '《互联网药品信息服务资格证书》',
          ) +
          p(
            '公司按GSP要求设置仓库，商品按效期先进先出（近效期批次优先）出库；退回的商品一律进入退货隔离区检验，不再作为合格品销售。',
            '如需查验证照原件或索取加盖公章的资质复印件，请联系您的专属客服。',
          ),
      },
      {
        title: '用户协议',
        slug: 'yhxy',
        summary: '注册和使用康采医药网须遵守的约定。',
        body:
          p(
            '欢迎使用康采医药网（以下简称“本平台”），本平台由杭州康采医药有限公司运营。您在注册页面勾选同意本协议，即表示您已阅读并接受以下全部条款。',
          ) +
          h('一、会员资格') +
          p(
            '会员须为依法设立的药品经营企业或医疗机构。您应保证注册时提交的企业信息和资质证件真实、合法、有效，并在证件变更或到期前及时更新。证件过期、被吊销或信息不实的，本平台有权暂停该账户的交易。',
          ) +
          h('二、账户安全') +
          p(
            '账户由会员自行保管，请勿将用户名、密码和短信验证码告知他人。通过您的账户进行的操作视为您本人或贵单位的行为。发现账户被盗用，请立即修改密码并联系客服。',
          ) +
          h('三、采购与交易') +
          p(
            '会员只能在核定的经营范围内采购，所购药品不得销售给无资质的单位或个人。首次下单前，会员须在线签署《购销合同及质量保证协议》。',
            `商品价格、库存和促销以提交订单时页面显示为准。未在规定时间内支付的订单（在线支付和余额支付${unpaidMinutes}分钟，对公转账${transferHours}小时）将自动取消。`,
          ) +
          h('四、退货与售后') +
          p(
            `退货与售后按${a('/help/zfps/ypth', '药品退换')}说明办理。药品属特殊商品，退回的商品须经质量检验。`,
          ) +
          h('五、信息与隐私') +
          p(
            '本平台为履行药品经营的法定义务保存您的资质、交易和含麻药品购买人登记等信息，仅用于交易、监管检查和售后服务，不向无关第三方提供。',
          ) +
          h('六、其他') +
          p(
            '本平台可根据法律法规和经营需要修改本协议，修改后的协议在本页面公布后生效。因本协议产生的争议，双方协商解决；协商不成的，提交杭州康采医药有限公司所在地人民法院诉讼解决。',
          ),
      },
      {
        title: '专属客服',
        slug: 'zskf',
        summary: '每家会员企业都有一位专属客服负责采购咨询与售后。',
        body: p(
          '资质审核通过后，平台会为您的企业指定一位专属客服，负责采购咨询、资质与经营范围更新、控销品种授权、订单跟进、售后处理及药品质检报告的索取。',
          `专属客服的姓名和联系电话显示在页面顶部和${a('/user', '会员中心')}；也可以通过页面右侧的工具栏联系客服。`,
          `尚未分配专属客服时，请拨打客服热线 ${HOT_LINE}（周一至周六 8:30—18:00）。`,
        ),
      },
    ],
  },
  {
    name: '支付配送',
    slug: 'zfps',
    articles: [
      {
        title: '订单支付',
        slug: 'ddzf',
        summary: '余额支付、在线支付和对公转账三种方式，以及各自的支付时限。',
        body:
          p('提交订单后进入支付页面，可选择以下方式：') +
          h('余额支付') +
          p(
            `使用账户余额直接支付，支付后订单立即进入“待发货”。余额可在“${a('/yegl', '余额管理')}”中在线充值，也可通过对公转账由财务为您入账；订单取消或售后退款的款项也退回余额。余额不足时该方式不可选。`,
          ) +
          h('在线支付') +
          p(
            '跳转到第三方支付平台的收银台完成付款，平台收到支付机构的到账通知后，订单自动变为“待发货”。如果款项到账时订单已取消或已用其他方式支付，这笔款项会自动退回您的账户余额。',
          ) +
          h('对公转账') +
          p(
            `支付页面会显示本公司的收款户名、开户行和账号。转账时请在附言中填写订单编号，财务确认到账后订单进入发货流程。选择对公转账的订单保留${transferHours}小时，逾期未到账将自动取消。`,
          ) +
          h('支付时限') +
          p(
            `在线支付和余额支付的订单请在提交后${unpaidMinutes}分钟内完成支付，逾期订单自动取消，占用的库存和优惠券随之释放。含麻黄碱类药品订单须先登记购买人身份信息再支付。`,
          ),
      },
      {
        title: '货物配送',
        slug: 'hwps',
        summary: `订单满${freeFrom}元免运费，不足收取${fee}元运费；发货后可查看批号和物流。`,
        body:
          h('运费') +
          ul(
            `订单商品实付金额满${freeFrom}元免运费，不足${freeFrom}元收取运费${fee}元。`,
            '标有“包邮”的商品达到其包邮数量时，整单免运费；购物车会提示还差多少件。',
            '运费以结算页显示为准，售后退款不退运费。',
          ) +
          h('发货') +
          p(
            '订单支付后由仓库按效期先进先出拣货，每个商品行的出库批号、生产日期和有效期记录在订单中。货品随附《随货同行单》，载明品名、规格、生产厂家、批准文号、批号、有效期和数量，请妥善保存备查。',
            `发货后可在“${a('/order', '我的订单')}”的订单详情中查看承运商、运单号和物流轨迹。发货前您可以取消订单，已支付的款项立即退回账户余额；发货后不能取消，如有问题请申请售后。`,
          ) +
          h('收货') +
          p(
            `签收时请当面核对件数和外包装，开箱后对照随货同行单核对批号与数量。确认无误后请在订单中点击“确认收货”，发货${autoReceiveDays}天后未确认的订单将自动确认收货。`,
          ),
      },
      {
        title: '药品退换',
        slug: 'ypth',
        summary: `已发货及完成${returnDays}天内的订单可申请退货或售后，退款退回账户余额。`,
        body:
          h('申请条件') +
          ul(
            `订单已发货，或已完成且在完成后${returnDays}天内。`,
            '每个商品可退数量不超过购买数量减去已退和正在申请中的数量；赠品不能单独申请退货。',
            '药品属特殊商品，请如实选择原因（商品破损、质量问题、发错货、少发/漏发、近效期等）并描述问题，最多可上传5张照片（JPG或PNG，每张不超过5MB）。',
          ) +
          h('办理流程') +
          ol(
            `在“${a('/order', '我的订单')}”的订单详情中点击“申请退货/售后”，选择商品和数量并提交。`,
            '客服审核申请：同意后，平台会通过站内消息告知退货地址，请将商品连同随货同行单寄回；不同意时会写明原因。',
            '仓库收到退货后进行验收。按GSP要求，退回的药品全部进入退货隔离区检验，不再作为合格品销售。',
            '财务办理退款，退款金额按该商品行的实付金额（已分摊优惠）计算，退回您的账户余额，可在余额明细中查看“售后退款”记录。',
          ) +
          p(
            '每一步的进度都会以站内消息通知您，也可以在退货详情中查看。对处理结果有异议的，请联系专属客服或拨打投诉电话 ' +
              COMPLAINT_LINE +
              '。',
          ),
      },
    ],
  },
  {
    name: '关于我们',
    slug: 'us',
    articles: [
      {
        title: '投诉建议',
        slug: 'tsjy',
        summary: '对商品、配送或服务有意见，请告诉我们。',
        body: p(
          `如您对商品质量、配送服务或客服有任何意见或建议，请拨打投诉电话 ${COMPLAINT_LINE}，或联系您的专属客服。我们会在2个工作日内回复处理结果。`,
          '涉及商品质量的投诉，请提供订单编号、商品批号和照片，以便质量管理部门追溯处理。',
        ),
      },
      {
        title: '联系我们',
        slug: 'lxwm',
        summary: '杭州康采医药有限公司的地址和电话。',
        body: p(
          '杭州康采医药有限公司',
          '地址：浙江省杭州市余杭区仓前街道文一西路1218号3幢',
          `客服热线：${HOT_LINE}（周一至周六 8:30—18:00）`,
          `投诉电话：${COMPLAINT_LINE}`,
        ),
      },
    ],
  },
];

/** Help pages are dated at the site's launch, like the first draft's (a deterministic seed). */
const LAUNCH = new Date('2024-06-01T09:00:00+08:00');

/** Brings the help centre's columns and articles to HELP_ARTICLES (see above). */
export async function seedHelpArticles(db: Queryable): Promise<void> {
  let help = (await adminArticleCategories(db)).find((c) => c.id === ARTICLE_CATEGORY.help);
  if (!help) {
    await createArticleCategory(db, { name: '帮助中心', sort: 3 }, ARTICLE_CATEGORY.help);
    help = (await adminArticleCategories(db)).find((c) => c.id === ARTICLE_CATEGORY.help)!;
  }
  for (const [sort, column] of HELP_ARTICLES.entries()) {
    const columnId =
      help.children.find((c) => c.slug === column.slug)?.id ??
      (await createArticleCategory(db, {
        parent_id: ARTICLE_CATEGORY.help,
        name: column.name,
        slug: column.slug,
        sort,
      }));
    const existing = await listAdminArticles(db, { category_id: columnId, page: 1, page_size: 100 }, LAUNCH);
    for (const [i, article] of column.articles.entries()) {
      const input = { category_id: columnId, ...article, sort: i, published_at: LAUNCH };
      const found = existing.list.find((x) => x.slug === article.slug && x.category_id === columnId);
      if (found) await updateArticle(db, found.id, input);
      else await createArticle(db, input);
    }
  }
}
