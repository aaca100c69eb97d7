import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** "IR 64", "ir-64" and "IR64" are the same name to a breeder: compare names by this key. */
export function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** nameKey in SQL, written as the accessions_name_key index is (src/db/schema.ts), so that the index serves it. */
export function nameKeySql(nameColumn: AnyPgColumn): SQL {
  return sql`regexp_replace(lower(${nameColumn}), '[^[:alnum:]]+', '', 'g')`;
}

/** True when a and b differ by exactly one inserted, deleted or replaced character. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The key itself and every key one deletion away: two keys one edit apart share one of these. */
function deletionVariants(key: string): string[] {
  const variants = [key];
  for (let index = 0; index < key.length; index += 1) variants.push(key.slice(0, index) + key.slice(index + 1));
  return variants;
}

/**
 * For each new name, an existing name that differs only by case, spacing, punctuation or one
 * character. Existing keys are indexed by their one-deletion variants, so each new name costs a
 * few lookups however many names exist.
 */
export function findNearDuplicates(newNames: string[], existing: string[]): Map<string, string> {
  const byKey = new Map<string, string>();
  const byVariant = new Map<string, string[]>();
  for (const name of existing) {
    const key = nameKey(name);
    if (!key || byKey.has(key)) continue;
    byKey.set(key, name);
    for (const variant of deletionVariants(key)) {
      const keys = byVariant.get(variant);
      if (keys) keys.push(key);
      else byVariant.set(variant, [key]);
    }
  }
  const found = new Map<string, string>();
  for (const name of newNames) {
    const key = nameKey(name);
    if (!key) continue;
    const same = byKey.get(key);
    if (same !== undefined) {
      if (same !== name) found.set(name, same);
      continue;
    }
    // One-character differences only mean something for names of some length ("A1" vs "A2" is no typo).
    if (key.length < 5) continue;
    const match = deletionVariants(key)
      .flatMap((variant) => byVariant.get(variant) ?? [])
      .find((candidate) => oneEditApart(key, candidate));
    if (match) found.set(name, byKey.get(match)!);
  }
  return found;
}
