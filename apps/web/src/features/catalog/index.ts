/**
 * The catalogue feature's surface for the app shell: the header search box's suggestions.
 * Kept small (it is in every page's first load); the goods display pieces other features
 * reuse live in shared/goods, and pages are lazy-loaded by the routes table.
 */
export { SearchSuggestions, type SuggestionsProps } from './search/SearchSuggestions';
