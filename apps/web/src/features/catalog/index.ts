/**
 * The catalogue feature's public surface: what the layout and other features reuse. Kept
 * small (it is in the first load through the header's search box); pages are lazy-loaded by
 * the routes table straight from ./pages and ./detail.
 */
export { SearchSuggestions, type SuggestionsProps } from './search/SearchSuggestions';
export { GoodsTags } from './components/GoodsTags';
export { tagTone, type TagTone } from './components/tags';
export { BasePrice, Price } from './components/Price';
export { categoryPath, detailPath } from './links';
