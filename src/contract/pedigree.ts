/**
 * Purdy pedigrees (IR8/PETA//TN1): the top-level cross is at the highest-order separator, where
 * "/" < "//" < "/3/" < "/4/"…; its left side is the female parent, its right the male. A side
 * that is itself a cross stays a pedigree; a backcross dose (WAXWING*2, 3*PAVON) is dropped from a
 * single name. "NA" and "?" stand for an unknown parent.
 */
export interface PurdyParents {
  female: string | null;
  male: string | null;
}

const SEPARATOR = /\/(\d+)\/|\/+/g;
const UNKNOWN = new Set(['', 'na', '?', 'unknown']);

export function purdyParents(pedigree: string | null | undefined): PurdyParents | null {
  const text = pedigree?.trim() ?? '';
  if (!text.includes('/')) return null;
  let top: { index: number; length: number; order: number } | null = null;
  for (const match of text.matchAll(SEPARATOR)) {
    const order = match[1] ? Number(match[1]) : match[0].length;
    if (!top || order > top.order) top = { index: match.index, length: match[0].length, order };
  }
  if (!top) return null;
  // A backcross parent is written with its dose (WAXWING*2, 3*PAVON): the parent is the name.
  const side = (value: string) => {
    const name = value.trim();
    if (UNKNOWN.has(name.toLowerCase())) return null;
    return name.includes('/') ? name : name.replace(/^\d+\*(?=\S)|(?<=\S)\*\d+$/, '');
  };
  return { female: side(text.slice(0, top.index)), male: side(text.slice(top.index + top.length)) };
}
