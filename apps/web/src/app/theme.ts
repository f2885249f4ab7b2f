import type { ThemeConfig } from 'antd';

/**
 * The brand theme: a medical blue for actions and links, a pharmacy green for success and
 * "in stock" states, and the slightly squarer corners Chinese B2B buyers are used to.
 */
export const BRAND = { blue: '#0e7fc7', green: '#17a673', ink: '#1f2d3d' } as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND.blue,
    colorLink: BRAND.blue,
    colorSuccess: BRAND.green,
    colorInfo: BRAND.blue,
    colorTextBase: BRAND.ink,
    borderRadius: 4,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Zen Hei", "Helvetica Neue", Arial, sans-serif',
  },
};
