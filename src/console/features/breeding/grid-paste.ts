import { CROSS_TYPES, PLANNED_CROSS_STATUSES } from '../../../contract/breeding-codes';
import { CROSS_TYPE_SPELLINGS, codeOf } from '../../../contract/import-vocabularies';

/** A row pasted from a spreadsheet: female, male, type, count, notes (the grid's column order). */
export interface PastedCross {
  female: string;
  male: string;
  crossType: string;
  numberOfCrosses: string;
  status: string;
  notes: string;
}

const crossTypeOf = (text: string) => codeOf(text, CROSS_TYPES, CROSS_TYPE_SPELLINGS) ?? 'BIPARENTAL';

/** Whether text holds a block of cells (tabs or several lines), not one name typed or pasted into a cell. */
export const isBlock = (text: string) => /\t|\n/.test(text.trim());

/**
 * Rows of a block copied from a spreadsheet (tab-separated; commas when there is no tab). A
 * first row that names the columns (female, male…) is skipped; a status cell is read where the
 * count is not a number but a status (TODO, DONE, SKIPPED).
 */
export function parsePastedCrosses(text: string): PastedCross[] {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const separator = lines.some((line) => line.includes('\t')) ? '\t' : ',';
  const rows = lines.map((line) => line.split(separator).map((cell) => cell.trim()));
  if (rows[0] && /female|mother|parent ?1/i.test(rows[0][0] ?? '')) rows.shift();
  return rows.map(([female = '', male = '', type = '', count = '', ...rest]) => {
    const statusCell = [count, ...rest].find((cell) => (PLANNED_CROSS_STATUSES as readonly string[]).includes(cell.toUpperCase()));
    return {
      female,
      male,
      crossType: type ? crossTypeOf(type) : male ? 'BIPARENTAL' : 'SELF',
      numberOfCrosses: /^\d+$/.test(count) ? count : '1',
      status: statusCell?.toUpperCase() ?? 'TODO',
      notes: rest
        .filter((cell) => cell !== statusCell)
        .join(' ')
        .trim(),
    };
  });
}
