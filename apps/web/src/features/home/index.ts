/** The home feature's public surface: the routes table lazy-loads `HomePage` from here. */
export { HomePage } from './HomePage';
