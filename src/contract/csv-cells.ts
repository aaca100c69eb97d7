/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell that starts with =, +, -, @, a
 * tab or a carriage return is run as a formula when the CSV is opened in Excel or LibreOffice.
 * Exports put a single quote before such a cell, which spreadsheets show as text; imports take
 * that quote off again, so an exported file imports back unchanged. Plain numbers (-109.92) are
 * not formulas and are left alone.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export function restoreFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) && !PLAIN_NUMBER.test(text.slice(1)) ? text.slice(1) : text;
}

/** One RFC 4180 CSV line: cells with commas, quotes or line breaks quoted; lists joined with "; "; formulas neutralised. */
export function csvLine(cells: readonly unknown[]): string {
  return cells
    .map((value) => {
      const text = neutraliseFormula(value === null || value === undefined ? '' : Array.isArray(value) ? value.join('; ') : String(value));
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');
}

/** A whole CSV file: the header, then each row's cells under it, lines ending in CRLF. */
export function toCsv(headers: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  return `${[headers.join(','), ...rows.map((row) => csvLine(headers.map((header) => row[header])))].join('\r\n')}\r\n`;
}
