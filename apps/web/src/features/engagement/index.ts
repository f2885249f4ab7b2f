/**
 * The engagement feature's public surface (favourites). Pages are lazy-loaded by the routes
 * table straight from ./pages.
 */
export { FavoriteButton, FavoriteIcon } from './FavoriteButton';
export { useFavoriteToggle } from './useFavoriteToggle';
export { useFavoriteIds, useFavoriteMutation, type FavoriteItem } from './api/favorites';
