/** Reading the parameters a run is launched with. */

/** The items of a comma-separated parameter ("env, age" → env, age), blanks left out. */
export const commaList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
