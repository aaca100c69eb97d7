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
