import path from 'node:path';
import { columnServing } from '../../contract/file-detection';
import type { SchemaProperty } from '../../contract/nextflow-schema';
import { headerOf } from '../storage/content-check';
import type { PipelineManifest } from './catalogue';

/** How many of a file's columns a refusal lists before saying how many more there are. */
const SHOWN_COLUMNS = 12;

/** A header as a refusal lists it: its first columns, then how many more. */
function columnsOf(header: readonly string[]): string {
  const more = header.length - SHOWN_COLUMNS;
  return more > 0 ? `${header.slice(0, SHOWN_COLUMNS).join(', ')} and ${more} more` : header.join(', ');
}

const commaList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Why the columns a launch names are not in the table it gives, by field (`params.<name>`): each
 * parameter the manifest's `inputColumns` lists for the input, checked against the file's header
 * row. Where the file lacks the column under the name given but has the column the parameter is
 * for by default under another name (germplasmName for accession, as a Breedbase download names
 * it), the fix names that column: the run would otherwise stop at its first step, or, left to
 * guess, read a column nobody chose.
 */
export function inputColumnProblems(
  columns: NonNullable<PipelineManifest['inputColumns']>[string],
  properties: Readonly<Record<string, SchemaProperty>>,
  file: string,
  params: Record<string, unknown>,
): Record<string, string> {
  const header = headerOf(file)?.filter(Boolean);
  if (!header) return {};
  const name = path.basename(file);
  const columnsIn = () => (header.length === 0 ? 'it has no header row' : `its columns are ${columnsOf(header)}`);
  const problems: Record<string, string> = {};
  const named = (parameter: string) => {
    const given = params[parameter] ?? properties[parameter]?.default;
    return typeof given === 'string' ? given.trim() : '';
  };
  /** The parameter's default (the column it is for) and the file's column that serves it, with the fix naming that column; null when none does. */
  const serving = (parameter: string) => {
    const meant = properties[parameter]?.default;
    const other = typeof meant === 'string' ? columnServing(header, meant) : null;
    if (typeof meant !== 'string' || !other) return null;
    // Where the column found is the name meant in another case (Rep for rep), no other tool is to blame for it.
    const namedBy = other.toLowerCase() === meant.toLowerCase() ? '' : ' (the name Breedbase and BrAPI give it)';
    return { meant, other, fix: `its ${meant} column is ${other}${namedBy}: set ${parameter} to ${other}` };
  };
  for (const parameter of columns.named) {
    const column = named(parameter);
    if (!column || header.includes(column)) continue;
    const found = serving(parameter);
    problems[`params.${parameter}`] =
      found && found.other !== column ? `${name} has no column ${column}; ${found.fix}` : `${name} has no column ${column}: ${columnsIn()}. Set ${parameter} to the one meant, or choose another file`;
  }
  for (const parameter of columns.optional) {
    const column = named(parameter);
    const found = serving(parameter);
    // Only the default is questioned: a name the person gave that the file lacks is their way to leave the column out.
    if (!found || column !== found.meant || header.includes(column)) continue;
    problems[`params.${parameter}`] = `${name} has no column ${column}; ${found.fix}, or to a name the file does not have (such as none) to run without it`;
  }
  for (const parameter of columns.listed) {
    const missing = commaList(named(parameter)).filter((column) => !header.includes(column));
    if (missing.length === 0) continue;
    problems[`params.${parameter}`] = `${name} has no column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}: ${columnsIn()}. List columns it has, as they are written in its header row`;
  }
  return problems;
}
