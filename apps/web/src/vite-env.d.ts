/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin when the storefront is served apart from the API; same origin when unset. */
  readonly VITE_API_BASE?: string;
}
