import fs from 'node:fs';
import { inArray } from 'drizzle-orm';
import Papa from 'papaparse';
import { fileIdOf } from '../../contract/file-reference';
import type { Database } from '../db/client';
import { files, runInputs } from '../db/schema';
import packageJson from '../../../package.json' with { type: 'json' };

/** What the built-in engine reports as its version: it is Seedbed's own code. */
export const BUILT_IN_ENGINE_VERSION = `Seedbed ${packageJson.version} built-in engine`;

/** The stored files a samplesheet's cells name by reference, by `<parameter>[row <n>].<column>`. */
function sheetReferences(parameter: string, file: string): Array<{ parameter: string; fileId: number }> {
  const text = fs.readFileSync(file, 'utf8');
  const delimiter = /\.tsv$/i.test(file) ? '\t' : ',';
  const rows = Papa.parse<string[]>(text, { header: false, skipEmptyLines: true, delimiter }).data;
  const header = (rows[0] ?? []).map((column) => column.trim());
  return rows.slice(1).flatMap((row, index) =>
    row.flatMap((cell, column) => {
      const fileId = fileIdOf(cell);
      return fileId === null ? [] : [{ parameter: `${parameter}[row ${index + 2}].${header[column] || `column ${column + 1}`}`, fileId }];
    }),
  );
}

/**
 * Records what a run reads as it is launched: every stored file its parameters name by reference,
 * and those the samplesheets among them name in their cells (`sheets`: parameter → the sheet's
 * path on this server), each with its SHA-256 now, so that a later change of bytes shows.
 * `filesets` names the fileset a parameter's file was taken from, when the launch knows it.
 */
export async function recordRunInputs(
  db: Pick<Database, 'select' | 'insert'>,
  runId: number,
  params: Record<string, unknown>,
  sheets: ReadonlyMap<string, string> = new Map(),
  filesets: ReadonlyMap<string, number> = new Map(),
): Promise<number> {
  const named = Object.entries(params).flatMap(([parameter, value]) => {
    const fileId = fileIdOf(value);
    return fileId === null ? [] : [{ parameter, fileId }];
  });
  for (const [parameter, file] of sheets) {
    if (fs.existsSync(file)) named.push(...sheetReferences(parameter, file));
  }
  if (named.length === 0) return 0;
  const rows = await db
    .select({ id: files.id, sha256: files.sha256 })
    .from(files)
    .where(
      inArray(
        files.id,
        named.map((entry) => entry.fileId),
      ),
    );
  const checksums = new Map(rows.map((row) => [row.id, row.sha256]));
  const values = named
    .filter((entry) => checksums.has(entry.fileId))
    .map((entry) => ({ runId, parameter: entry.parameter, fileId: entry.fileId, filesetId: filesets.get(entry.parameter) ?? null, sha256: checksums.get(entry.fileId)! }));
  if (values.length === 0) return 0;
  await db.insert(runInputs).values(values).onConflictDoNothing();
  return values.length;
}
