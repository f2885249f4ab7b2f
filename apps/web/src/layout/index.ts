/** The storefront shell and the layout data other screens reuse (the home page's menu data). */
export { AppLayout } from './AppLayout';
export { commonQuery, useCommon } from './api/common';
export { adsQuery, asAdList, useAds, type AdSlot } from './api/ads';
export { AdLink } from './AdLink';
export { categoryListPath } from './links';
