/** The docs language a reader picked, remembered for a year. */
export const LOCALE_COOKIE = 'seedbed-docs-locale';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
