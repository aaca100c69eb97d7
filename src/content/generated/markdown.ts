/** Small helpers for Markdown written by the docs generators. */

/** Escapes text for a Markdown table cell or paragraph (no HTML, no table breaks). */
export function text(value: unknown): string {
  return String(value ?? '')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r?\n+/g, ' ')
    .trim();
}

export function code(value: unknown): string {
  return `\`${String(value).replace(/`/g, 'ˋ')}\``;
}

export function table(headings: string[], rows: string[][]): string {
  if (rows.length === 0) return '';
  return [`| ${headings.join(' | ')} |`, `|${headings.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

export function slugify(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface GeneratedPage {
  /** Collection id, e.g. docs/reference/api/authentication. */
  id: string;
  title: string;
  description: string;
  order?: number;
  body: string;
}
