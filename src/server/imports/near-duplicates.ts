/** "IR 64", "ir-64" and "IR64" are the same name to a breeder: compare names by this key. */
export function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** True when a and b differ by exactly one inserted, deleted or replaced character. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * For each new name, an existing name that differs only by case, spacing, punctuation or one
 * character. Names are bucketed by length so that the one-character check stays cheap.
 */
export function findNearDuplicates(newNames: string[], existing: string[]): Map<string, string> {
  const byKey = new Map<string, string>();
  const byLength = new Map<number, string[]>();
  for (const name of existing) {
    const key = nameKey(name);
    if (!key) continue;
    byKey.set(key, name);
    const bucket = byLength.get(key.length) ?? [];
    bucket.push(key);
    byLength.set(key.length, bucket);
  }
  const found = new Map<string, string>();
  for (const name of newNames) {
    const key = nameKey(name);
    if (!key) continue;
    const same = byKey.get(key);
    if (same !== undefined && same !== name) {
      found.set(name, same);
      continue;
    }
    // One-character differences only mean something for names of some length ("A1" vs "A2" is no typo).
    if (key.length < 5) continue;
    for (const length of [key.length - 1, key.length, key.length + 1]) {
      const match = byLength.get(length)?.find((candidate) => oneEditApart(key, candidate));
      if (match) {
        found.set(name, byKey.get(match)!);
        break;
      }
    }
  }
  return found;
}
