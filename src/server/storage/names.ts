/**
 * The longest stored name: most file systems take 255 bytes (ext4, XFS, APFS), and S3-compatible
 * servers that keep objects as files add their own suffix to the last key segment (s3rver adds
 * 15 bytes), so 200 bytes leaves room for both.
 */
export const MAX_NAME_BYTES = 200;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Whole characters (code points) of `text` that fit in `limit` bytes. */
function cutToBytes(text: string, limit: number): string {
  let kept = '';
  for (const character of text) {
    if (bytes(kept) + bytes(character) > limit) break;
    kept += character;
  }
  return kept;
}

/**
 * A name for the bytes on disk: the given name when it fits in 200 bytes, otherwise its stem cut
 * on a character boundary with its extensions (`.vcf.gz`) kept, so that tools still know the type.
 */
export function storageNameOf(name: string): string {
  if (bytes(name) <= MAX_NAME_BYTES) return name;
  const extension = /(\.[A-Za-z0-9]{1,10}){1,3}$/.exec(name)?.[0] ?? '';
  const stem = name.slice(0, name.length - extension.length);
  return `${cutToBytes(stem, MAX_NAME_BYTES - bytes(extension))}${extension}`;
}
