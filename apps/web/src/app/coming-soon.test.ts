import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageRows, renderWebPagesDoc } from '../test/web-pages-doc';
import { COMING_SOON, comingSoonLabel } from './coming-soon';

const DOC = path.resolve(import.meta.dirname, '../../../../docs/web-pages.md');

describe('coming-soon pages', () => {
  it('lists exactly the routes that show the coming-soon page', () => {
    const fromRoutes = pageRows()
      .filter((r) => r.comingSoon)
      .map((r) => r.name)
      .sort();
    expect(Object.keys(COMING_SOON).sort()).toEqual(fromRoutes);
    // Issue 14 §11: nothing is left "coming soon".
    expect(fromRoutes).toEqual([]);
  });

  it('names the capability in Chinese', () => {
    expect(comingSoonLabel('cart_step2')).toBeNull();
    expect(comingSoonLabel('zzfw_dzfp')).toBeNull();
    expect(comingSoonLabel('zzfw_kjcg')).toBeNull();
    expect(comingSoonLabel('order_wddd_index')).toBeNull();
    expect(comingSoonLabel('login')).toBeNull();
  });

  it('docs/web-pages.md is current', () => {
    const expected = renderWebPagesDoc();
    if (process.env.UPDATE_WEB_PAGES) fs.writeFileSync(DOC, expected);
    expect(fs.readFileSync(DOC, 'utf8')).toBe(expected);
  });
});
