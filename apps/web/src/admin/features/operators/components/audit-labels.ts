/** Chinese names of the log's actions and of the fields its before/after show; unknown ones show as stored. */
export const ACTION_TEXT: Record<string, string> = {
  'operator.login': '登录',
  'operator.login_failed': '登录失败',
  'operator.create': '新建运营人员',
  'operator.update': '修改运营人员',
  'operator.disable': '停用运营人员',
  'operator.enable': '启用运营人员',
  'operator.password': '重置/修改密码',
};

export const FIELD_TEXT: Record<string, string> = {
  id: 'ID',
  username: '用户名',
  name: '名称',
  phone: '手机号',
  role: '角色',
  role_text: '角色名称',
  disabled: '已停用',
  status: '状态',
  last_login_at: '最近登录',
  created_at: '创建时间',
  updated_at: '更新时间',
  price: '价格',
  stock: '库存',
  quantity: '数量',
  on_shelf: '上架',
  remark: '备注',
  reason: '原因',
};

/** 'operator.update' → '修改运营人员'; an unknown action as it is. */
export const actionText = (action: string) => ACTION_TEXT[action] ?? action;
