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

/** A number as a table cell: `digits` significant digits, trailing zeros dropped; NA when there is none. */
export const formatNumber = (value: number | null, digits: number) => (value === null || !Number.isFinite(value) ? 'NA' : Number(value.toPrecision(digits)).toString());
