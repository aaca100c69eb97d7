export const PRODUCT_NAME = import.meta.env.PUBLIC_PRODUCT_NAME || 'Seedbed';
export const PROVIDER_NAME = import.meta.env.PUBLIC_PROVIDER_NAME || 'Seedbed Genomics';
export const COPYRIGHT_LINE = `© 2025 ${PROVIDER_NAME}. All rights reserved.`;
