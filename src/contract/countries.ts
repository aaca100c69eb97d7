import codes from 'i18n-iso-countries/codes.json' with { type: 'json' };

/** ISO 3166-1 alpha-3 country codes, from the i18n-iso-countries package's code table. */
export const ALPHA3_COUNTRY_CODES: ReadonlySet<string> = new Set((codes as string[][]).map((row) => row[1]!));

export function isAlpha3CountryCode(value: string): boolean {
  return ALPHA3_COUNTRY_CODES.has(value);
}
