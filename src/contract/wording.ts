/**
 * Words for putting names into sentences, shared by the server's messages and the console's.
 */

/** Words that start with a vowel letter but a consonant sound ("a unique", "a one-off"). */
const CONSONANT_SOUND = /^(uni|use|usu|ure|one|eu)/i;
/** Words that start with a silent h ("an hour"). */
const VOWEL_SOUND_H = /^(hour|honest|honou?r|heir)/i;

/** `noun` after "a" or "an" as it is spoken: "an associations CSV", "a known-QTL CSV", "a VCF". */
export function withArticle(noun: string): string {
  const vowelSound = (/^[aeiou]/i.test(noun) && !CONSONANT_SOUND.test(noun)) || VOWEL_SOUND_H.test(noun);
  return `${vowelSound ? 'an' : 'a'} ${noun}`;
}

/** The same, starting a sentence: "An associations CSV needs…". */
export function withCapitalArticle(noun: string): string {
  const phrase = withArticle(noun);
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/** A count with its noun: "1 individual", "1,204 individuals". */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** The first five of a list and how many more: "A, B, C, D, E and 7 more". */
export function firstFew(items: readonly string[]): string {
  return `${items.slice(0, 5).join(', ')}${items.length > 5 ? ` and ${(items.length - 5).toLocaleString('en-US')} more` : ''}`;
}
