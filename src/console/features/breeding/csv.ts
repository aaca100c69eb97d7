import { neutraliseFormula } from '../../../contract/csv-cells';

/**
 * RFC 4180 CSV: fields with commas, quotes or line breaks are quoted; lists are joined with "; ";
 * a cell a spreadsheet would run as a formula is written as text.
 */
export function toCsv(headers: string[], rows: Array<Record<string, unknown>>): string {
  const cell = (value: unknown) => {
    const text = neutraliseFormula(value === null || value === undefined ? '' : Array.isArray(value) ? value.join('; ') : String(value));
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${[headers.join(','), ...rows.map((row) => headers.map((header) => cell(row[header])).join(','))].join('\r\n')}\r\n`;
}

export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
