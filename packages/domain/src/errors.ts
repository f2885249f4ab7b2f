/** The error catalogue of SPEC §8: reply codes and the texts the storefront shows. */
export const CODES = {
  ok: 10000,
  /** Also accepted as success by clients made for the original site. */
  okAlt: [200, 201] as readonly number[],
  needLogin: 10001,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  validation: 422,
  tooMany: 429,
  eContract: 459,
  business: 400,
  serverError: 500,
} as const;

export const MESSAGES = {
  systemBusy: '系统繁忙，请稍候再试',
  timeout: '请求超时，请刷新页面',
  alertTitle: '温馨提示',
  needLogin: '请先登录',
  favoriteAdded: '收藏成功',
  favoriteCancelled: '取消收藏成功',
  viewFavorites: '查看我的收藏',
  activityNotStarted: '活动未开始',
  activityNotYetStarted: '活动暂未开始',
  deleteConfirm: '确定删除这件商品吗?',
  notFound: '您访问的内容不存在',
  forbidden: '没有权限进行此操作',
  csrf: '页面已过期，请刷新后重试',
  tooMany: '操作过于频繁，请稍后再试',
  badCredentials: '用户名或密码错误',
  eContract: '请先签署电子合同',
  empty: '暂无数据',
} as const;

/** The closed set of failure kinds a service may raise; each maps to one code and HTTP status. */
export const ERROR_KINDS = {
  unauthenticated: { code: CODES.needLogin, http: 401 },
  forbidden: { code: CODES.forbidden, http: 403 },
  notFound: { code: CODES.notFound, http: 404 },
  conflict: { code: CODES.conflict, http: 409 },
  validation: { code: CODES.validation, http: 422 },
  tooMany: { code: CODES.tooMany, http: 429 },
  eContract: { code: CODES.eContract, http: 403 },
  business: { code: CODES.business, http: 400 },
  internal: { code: CODES.serverError, http: 500 },
} as const;
export type ErrorKind = keyof typeof ERROR_KINDS;

/** True when a reply code means success (SPEC §8: 10000, 200, 201). */
export function isSuccessCode(code: number): boolean {
  return code === CODES.ok || CODES.okAlt.includes(code);
}

/** True when a reply code (or HTTP status) means the user must log in. */
export function isLoginCode(code: number): boolean {
  return code === CODES.needLogin || code === CODES.unauthorized;
}

/** True for the 5xx band, shown as 系统繁忙. */
export function isServerErrorCode(code: number): boolean {
  return code >= 500 && code <= 599;
}
