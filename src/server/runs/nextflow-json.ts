/**
 * Reads a weblog body the way Nextflow writes it. Nextflow's HTTP client sends the JSON text
 * with Java's `DataOutputStream.writeBytes`, which keeps only the low byte of each character:
 * `é` (U+00E9) arrives as the byte e9, which is not UTF-8, and `–` (U+2013) as the byte 13, a
 * control character JSON does not allow inside a string. A body that is valid UTF-8 is read as
 * UTF-8; any other is read one byte per character (Latin-1, which gives back every character up
 * to U+00FF). Control characters inside strings are escaped so the JSON parses; 10–1f, the low
 * bytes of typographic punctuation (U+2010–U+201F: – — ‘ ’ “ ”), are given those characters back.
 */

const UTF8 = new TextDecoder('utf-8', { fatal: true });

export function decodeNextflowText(bytes: Uint8Array): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  }
}

/** A control character anywhere: only then can a string need repair (a native scan, several times faster than the loop below). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const CONTROL_CHARACTER = /[\x00-\x1f]/;

/** The text with every control character inside a JSON string made legal. */
export function repairJsonStrings(text: string): string {
  if (!CONTROL_CHARACTER.test(text)) return text;
  let inString = false;
  let escaped = false;
  let out = '';
  let from = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (!inString) {
      if (code === 0x22) inString = true;
      continue;
    }
    if (escaped) {
      escaped = false;
      continue;
    }
    if (code === 0x5c) escaped = true;
    else if (code === 0x22) inString = false;
    else if (code < 0x20) {
      out += text.slice(from, index);
      out += code >= 0x10 ? String.fromCharCode(0x2000 + code) : code === 0x09 ? '\\t' : code === 0x0a ? '\\n' : code === 0x0d ? '\\r' : '\uFFFD';
      from = index + 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/** A weblog body as JSON text that JSON.parse accepts whenever Nextflow wrote JSON. */
export const nextflowJsonText = (bytes: Uint8Array) => repairJsonStrings(decodeNextflowText(bytes));
