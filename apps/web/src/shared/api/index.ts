/** The API client and its helpers: the only door to the server (ARCHITECTURE rule 9). */
export { api, E_CONTRACT_PATH, NETWORK_ERROR_CODE, TIMEOUT_CODE } from './client';
export { ApiError, CancelledError, isApiError, isCancelled } from './errors';
export { LOGIN_PATH, loginPath, navigation, setNavigationBridge, type NavigationBridge } from './navigation';
export type { Files } from './encode';
export type { ApiClient, DownloadedFile, Params, RequestOptions } from './types';
