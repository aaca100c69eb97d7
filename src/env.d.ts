/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Base URL of the admin API, ending in a slash. Default: /api/ on the same origin. */
  readonly PUBLIC_API_BASE_URL?: string;
  /** Product name shown as the page title. Default: Seedbed. */
  readonly PUBLIC_PRODUCT_NAME?: string;
  /** Provider name in the footer. Default: Seedbed Genomics. */
  readonly PUBLIC_PROVIDER_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
