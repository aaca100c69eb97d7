/** Escapes LIKE wildcards so that a search for "50%" means those characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
