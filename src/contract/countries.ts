import codes from 'i18n-iso-countries/codes.json' with { type: 'json' };

/** ISO 3166-1 alpha-3 country codes, from the i18n-iso-countries package's code table. */
export const ALPHA3_COUNTRY_CODES: ReadonlySet<string> = new Set((codes as string[][]).map((row) => row[1]!));

export function isAlpha3CountryCode(value: string): boolean {
  return ALPHA3_COUNTRY_CODES.has(value);
}

let names: Map<string, string> | undefined;
/** A country's English name from its alpha-3 code (the browser's or Node's own region names), or the code itself. */
export function countryNameOf(alpha3: string): string {
  if (!names) {
    const display = new Intl.DisplayNames(['en'], { type: 'region' });
    names = new Map((codes as string[][]).map((row) => [row[1]!, display.of(row[0]!) ?? row[1]!]));
  }
  return names.get(alpha3) ?? alpha3;
}
