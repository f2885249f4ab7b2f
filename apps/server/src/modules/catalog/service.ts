// The catalogue's public service surface: other modules, flows and the seed import from here.
export {
  brandSummaries,
  categoryMenu,
  categoryWithDescendants,
  zoneCategories,
  type MenuZone,
} from './menus.js';
export {
  addLot,
  createBrand,
  createCategory,
  createWarehouse,
  lotsOf,
  type NewCategory,
  type NewLot,
} from './write.js';
export { createGoods, createGoodsBulk, type NewGoods } from './goods-write.js';
export { pinyinKeys, pinyinKeysOf, type PinyinKeys } from './pinyin.js';
export { addKxRelease, addKxReleases, isKxSql, kxGoodsIds, kxVisibilitySql } from './kx.js';
export { addSales, availableLots, lockGoods, moveStock, putBackStock, type LockedGoods } from './stock.js';
