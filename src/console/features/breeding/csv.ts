/**
 * Kept only while two files still import from here: BreedingListPage.tsx (downloadText, now in
 * lib/download.ts) and csv.test.ts (toCsv, the contract's writer in contract/csv-cells.ts). Once
 * they import from those modules, this file goes.
 */
export { toCsv } from '../../../contract/csv-cells';
export { downloadText } from '../../lib/download';
