/** Writing a run's outputs: files under the output directory, their folders made as needed. */
import fs from 'node:fs';
import path from 'node:path';

export function writeOutput(outdir: string, relative: string, text: string): void {
  const file = path.join(outdir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** A table (header first) or any text given line by line, ending in a newline. */
export const writeLines = (outdir: string, relative: string, lines: string[]) => writeOutput(outdir, relative, `${lines.join('\n')}\n`);

/**
 * Adds a large table's rows to `lines` a few hundred at a time, each batch joined into one text: a
 * row's pieces then die young instead of being copied by every collection until the table is
 * written. `lines` joined by newlines is the same text as with the rows added one by one; call
 * `flush` after the last row.
 */
export function rowsInto(lines: string[], batch = 256) {
  const rows: string[] = [];
  const flush = () => {
    if (rows.length === 0) return;
    lines.push(rows.join('\n'));
    rows.length = 0;
  };
  return {
    push(row: string) {
      rows.push(row);
      if (rows.length === batch) flush();
    },
    flush,
  };
}

/** A number as a table cell: `digits` significant digits, trailing zeros dropped; NA when there is none. */
export const formatNumber = (value: number | null, digits: number) => (value === null || !Number.isFinite(value) ? 'NA' : Number(value.toPrecision(digits)).toString());
