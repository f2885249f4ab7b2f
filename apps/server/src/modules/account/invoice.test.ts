import { describe, expect, it } from 'vitest';
import { invoiceAddress } from './invoice.js';

describe('the invoice address names the province once', () => {
  it.each([
    ['浙江省 杭州市 西湖区', '浙江省杭州市西湖区文三路 398 号', '浙江省杭州市西湖区文三路 398 号'],
    ['浙江省 杭州市 西湖区', '杭州市西湖区文三路 398 号', '浙江省杭州市西湖区文三路 398 号'],
    ['浙江省 杭州市 西湖区', '西湖区文三路 398 号', '浙江省杭州市西湖区文三路 398 号'],
    ['浙江省 杭州市 西湖区', '文三路 398 号', '浙江省杭州市西湖区文三路 398 号'],
    // A store registered in another district of the same province keeps its own.
    ['浙江省 杭州市 西湖区', '浙江省杭州市滨江区江南大道 1088 号', '浙江省杭州市滨江区江南大道 1088 号'],
    ['浙江省 杭州市 西湖区', '', '浙江省杭州市西湖区'],
    ['', '  文三路 398 号 ', '文三路 398 号'],
  ])('%s + %s', (region, address, expected) => {
    expect(invoiceAddress(region, address)).toBe(expected);
  });
});
