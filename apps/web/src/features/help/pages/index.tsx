import { HelpArticlePage } from './HelpArticlePage';

/**
 * The help centre's pages, one chunk. The column pages and the fixed article routes of SPEC §2
 * are the article page pointed at their column (and article).
 */
export { HelpPage } from './HelpPage';
export { NewsPage } from './NewsPage';
export { NewsInfoPage } from './NewsInfoPage';
export { HelpArticlePage };

export const HelpXrznPage = () => <HelpArticlePage column="xrzn" />;
export const HelpServePage = () => <HelpArticlePage column="fwbz" />;
export const HelpUsPage = () => <HelpArticlePage column="us" />;
export const HelpPayPage = () => <HelpArticlePage column="zfps" />;
export const HyzcPage = () => <HelpArticlePage column="xrzn" slug="hyzc" />;
export const WzzzPage = () => <HelpArticlePage column="fwbz" slug="wzzz" />;
export const DdzfPage = () => <HelpArticlePage column="zfps" slug="ddzf" />;
export const HwpsPage = () => <HelpArticlePage column="zfps" slug="hwps" />;
export const YpthPage = () => <HelpArticlePage column="zfps" slug="ypth" />;
