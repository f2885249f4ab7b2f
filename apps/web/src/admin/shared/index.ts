/** What every back-office feature may use (the shell's helpers); import from '../../shared'. */
export { MENU_GROUPS, adminPage, type AdminLazyPage, type AdminRoute, type MenuGroup } from './route';
export { ME_KEY, canUse, fetchMe, useCan, useMe } from './me';
export { formatYuan, showYuan } from './format';
export { downloadFile } from './download';
export { pagedKey, usePagedTable } from './paged-table';
export { GoodsSelect, goodsLabel } from './GoodsSelect';
