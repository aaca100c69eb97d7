import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { isAlpha3CountryCode } from '../../../contract/countries';
import { genusOfCrop } from '../../../contract/crops';
import { restoreFormula } from '../../../contract/csv-cells';
import {
  COLUMN_ALIASES,
  CROSS_TYPE_SPELLINGS,
  codeOf,
  headerKey,
  OTHER_VOCABULARIES,
  type OtherVocabulary,
  spellingKey,
  UNSTORED_COLUMNS,
  VOCABULARY_LABELS,
  type Vocabulary,
} from '../../../contract/import-vocabularies';
import type { ImportProblem, ImportReport, TemplateColumn } from '../../../contract/imports';

countries.registerLocale(english);

/** How the headers of a file were read: each recognised header's column, and the vocabulary most of them come from. */
export interface HeaderMapping {
  /** header → template column or derived input. */
  targets: Map<string, string>;
  vocabulary: Vocabulary;
  columns: NonNullable<ImportReport['columns']>;
  ignored: string[];
  /** Ignored headers that another vocabulary names (a field Seedbed has no place for), with that vocabulary. */
  unstored: Map<string, OtherVocabulary>;
}

/**
 * Matches a file's headers to a template's columns: Seedbed's own names first, then BrAPI v2.1's,
 * then Breedbase's. A column two headers map to is read from the first; the later is ignored.
 */
export function mapHeaders(templateKey: string, templateColumns: TemplateColumn[], headers: string[]): HeaderMapping {
  const own = new Map(templateColumns.map((column) => [headerKey(column.name), column.name]));
  const vocabularies = COLUMN_ALIASES[templateKey];
  const others = OTHER_VOCABULARIES.map((vocabulary) => ({
    vocabulary,
    names: new Map(Object.entries(vocabularies?.[vocabulary] ?? {}).map(([header, target]) => [headerKey(header), target])),
    unstored: new Set((UNSTORED_COLUMNS[templateKey]?.[vocabulary] ?? []).map(headerKey)),
  }));
  const targets = new Map<string, string>();
  const columns: HeaderMapping['columns'] = [];
  const ignored: string[] = [];
  const unstored = new Map<string, OtherVocabulary>();
  const taken = new Set<string>();
  // How many headers each vocabulary knows: the file's vocabulary is the one that knows most.
  const votes: Record<Vocabulary, number> = { seedbed: 0, brapi: 0, breedbase: 0 };
  for (const header of headers) {
    const key = headerKey(header);
    if (own.has(key)) votes.seedbed += 1;
    for (const other of others) if (other.names.has(key) || other.unstored.has(key)) votes[other.vocabulary] += 1;
  }
  const ranked = (['seedbed', ...OTHER_VOCABULARIES] as Vocabulary[]).sort((a, b) => votes[b] - votes[a]);
  const vocabulary = ranked[0]!;
  for (const header of headers) {
    const key = headerKey(header);
    // The file's own vocabulary decides a header two vocabularies read differently (BrAPI's trialName is a project, in a study file the experiment's project).
    const candidates: Array<{ vocabulary: Vocabulary; target: string | undefined }> = ranked.map((name) =>
      name === 'seedbed' ? { vocabulary: name, target: own.get(key) } : { vocabulary: name, target: others.find((other) => other.vocabulary === name)!.names.get(key) },
    );
    const match = candidates.find((candidate) => candidate.target !== undefined && !taken.has(candidate.target));
    if (!match?.target) {
      ignored.push(header);
      const rankedOthers = ranked.flatMap((name) => others.filter((other) => other.vocabulary === name));
      const namedBy = rankedOthers.find((other) => other.unstored.has(key) || other.names.has(key));
      if (namedBy) unstored.set(header, namedBy.vocabulary);
      continue;
    }
    taken.add(match.target);
    targets.set(header, match.target);
    columns.push({ header, column: match.target, vocabulary: match.vocabulary });
  }
  return { targets, vocabulary, columns, ignored, unstored };
}

/** Notes for the report: which vocabulary was recognised, and what was read under another name. */
export function vocabularyNotes(mapping: HeaderMapping): string[] {
  const notes: string[] = [];
  const renamed = mapping.columns.filter((entry) => entry.header !== entry.column);
  if (mapping.vocabulary !== 'seedbed' || renamed.length > 0) {
    notes.push(`Read as a ${VOCABULARY_LABELS[mapping.vocabulary]} file${renamed.length ? `: ${renamed.map((entry) => `${entry.header} → ${entry.column.replace(/^~/, '')}`).join(', ')}` : ''}.`);
  }
  const unknown = mapping.ignored.filter((header) => !mapping.unstored.has(header));
  const unkept = mapping.ignored.filter((header) => mapping.unstored.has(header));
  if (unkept.length > 0) notes.push(`Ignored, as Seedbed does not keep ${unkept.length === 1 ? 'this field' : 'these fields'}: ${unkept.join(', ')}.`);
  if (unknown.length > 0) notes.push(`Ignored column${unknown.length === 1 ? '' : 's'} (not a name any vocabulary uses for this import): ${unknown.join(', ')}.`);
  return notes;
}

/** Values other systems write for Seedbed's codes, by column; keys compared like headers. */
const VALUE_SYNONYMS: Record<string, Record<string, string>> = {
  locationType: {
    fieldstation: 'field',
    researchstation: 'field',
    experimentalstation: 'field',
    experimentstation: 'field',
    station: 'field',
    town: 'other',
    laboratory: 'lab',
    glasshouse: 'greenhouse',
    seedbank: 'storage',
    genebank: 'storage',
    coldstore: 'storage',
  },
  studyType: {
    phenotypingtrial: 'phenotyping',
    phenotypingstudy: 'phenotyping',
    advancedyieldtrial: 'yield_trial',
    preliminaryyieldtrial: 'yield_trial',
    uniformyieldtrial: 'yield_trial',
    varietyreleasetrial: 'yield_trial',
    clonalevaluation: 'yield_trial',
    yieldtrial: 'yield_trial',
    seedlingnursery: 'nursery',
    seedmultiplication: 'nursery',
    screenhouse: 'greenhouse',
    crossingblocktrial: 'crossing_block',
    crossingblock: 'crossing_block',
    crossingtrial: 'crossing_block',
    genotypingproject: 'genotyping',
    genotypingtrial: 'genotyping',
    genotypingstudy: 'genotyping',
  },
  designType: {
    alpha: 'alpha_lattice',
    alphalattice: 'alpha_lattice',
    lattice: 'alpha_lattice',
    mad: 'augmented',
    augmentedrowcolumn: 'row_column',
    arc: 'row_column',
    rrc: 'row_column',
    drrc: 'row_column',
    resolvablerowcolumn: 'row_column',
    splitplot: 'split_plot',
    greenhouse: 'unreplicated',
    prep: 'other',
    westcott: 'other',
    stripplot: 'other',
    randomizedcompleteblockdesign: 'RCBD',
    completelyrandomizeddesign: 'CRD',
  },
  crossType: CROSS_TYPE_SPELLINGS,
  status: { inactive: 'completed', finished: 'completed' },
};

const COUNTRY_COLUMNS = new Set(['countryCode', 'countryOfOriginCode']);
const DATE_COLUMNS = new Set(['startDate', 'endDate']);

/** An ISO 3166-1 alpha-3 code from a code (alpha-3 or alpha-2) or an English country name; null when none fits. */
export function alpha3Of(value: string): string | null {
  const text = value.trim();
  if (isAlpha3CountryCode(text.toUpperCase())) return text.toUpperCase();
  if (/^[A-Za-z]{2}$/.test(text)) return countries.alpha2ToAlpha3(text.toUpperCase()) ?? null;
  return countries.getAlpha3Code(text, 'en') ?? null;
}

/** Counts what an import read in Seedbed's terms, for one note per kind of change. */
export class Translations {
  private readonly seen = new Map<string, number>();
  add(column: string, from: string, to: string) {
    if (from === to) return;
    const label = `${column} '${from}' → ${to}`;
    this.seen.set(label, (this.seen.get(label) ?? 0) + 1);
  }
  notes(): string[] {
    if (this.seen.size === 0) return [];
    const listed = [...this.seen.entries()].slice(0, 30).map(([label, rows]) => `${label}${rows > 1 ? ` (${rows} rows)` : ''}`);
    return [`Values read in Seedbed’s terms: ${listed.join('; ')}${this.seen.size > 30 ? `; and ${this.seen.size - 30} more` : ''}.`];
  }
}

/** An enum value in Seedbed's spelling; unchanged when nothing fits (the schema then says what is allowed). */
function enumValue(column: string, value: string, allowed: string[]): string {
  return codeOf(value, allowed, VALUE_SYNONYMS[column]) ?? value;
}

/** A date or date-time as YYYY-MM-DD; other text unchanged (the schema then says what is wanted). */
function dateValue(value: string): string {
  const match = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : value;
}

/** [longitude, latitude, altitude?] from a GeoJSON Feature, Point, or a bare coordinate array. */
export function pointOf(text: string): number[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const geometry = (value as { geometry?: unknown })?.geometry ?? value;
  const coordinates = Array.isArray(geometry) ? geometry : (geometry as { coordinates?: unknown })?.coordinates;
  return Array.isArray(coordinates) && coordinates.length >= 2 && coordinates.every((part) => typeof part === 'number') ? (coordinates as number[]) : null;
}

type Values = Record<string, string>;

/** One header's reading: the column it fills, and how its values become Seedbed's (none for derived inputs and free text). */
interface HeaderReading {
  header: string;
  target: string;
  derived: boolean;
  normalise: ((raw: string) => string) | null;
}

/** How each header of a file is read, worked out once for all its rows. */
export function headerReadings(mapping: HeaderMapping, byName: ReadonlyMap<string, TemplateColumn>): HeaderReading[] {
  return [...mapping.targets].map(([header, target]) => {
    if (target.startsWith('~')) return { header, target, derived: true, normalise: null };
    const allowed = byName.get(target)?.allowed ?? [];
    if (COUNTRY_COLUMNS.has(target)) {
      // A file holds few countries: each is looked up once.
      const seen = new Map<string, string>();
      return {
        header,
        target,
        derived: false,
        normalise: (raw: string) => {
          const known = seen.get(raw);
          if (known !== undefined) return known;
          const code = alpha3Of(raw) ?? raw;
          seen.set(raw, code);
          return code;
        },
      };
    }
    if (DATE_COLUMNS.has(target)) return { header, target, derived: false, normalise: dateValue };
    if (allowed.length > 0) return { header, target, derived: false, normalise: (raw: string) => enumValue(target, raw, allowed) };
    return { header, target, derived: false, normalise: null };
  });
}

/**
 * One row's cells in Seedbed's terms: headers to template columns, codes and dates to Seedbed's
 * spelling, and derived inputs (crop, binomial, country name, GeoJSON point, BrAPI parents,
 * Breedbase parents) to the columns they stand for. Problems with a derived input are returned.
 */
export function normaliseRow(
  row: number,
  cells: Record<string, string>,
  readings: readonly HeaderReading[],
  byName: ReadonlyMap<string, TemplateColumn>,
  translations: Translations,
): { values: Values; derived: Record<string, string> | null; problems: ImportProblem[] } {
  const values: Values = {};
  const derived: Record<string, string> = {};
  let anyDerived = false;
  const problems: ImportProblem[] = [];
  for (const { header, target, derived: isDerived, normalise } of readings) {
    // An exported cell that would be a formula carries a leading quote; it is taken off here.
    const cell = restoreFormula(String(cells[header] ?? '').trim());
    if (cell === '') continue;
    if (isDerived) {
      derived[target] = cell;
      anyDerived = true;
      continue;
    }
    const value = normalise ? normalise(cell) : cell;
    if (value !== cell) translations.add(target, cell, value);
    values[target] = value;
  }

  if (!anyDerived) return { values, derived: null, problems };
  const crop = derived['~crop'];
  if (crop && !values.genus) {
    values.genus = genusOfCrop(crop);
    translations.add('commonCropName', crop, `genus ${values.genus}`);
  }
  const binomial = derived['~binomial'];
  if (binomial) {
    const [genus, species, ...rest] = binomial.split(/\s+/);
    if (!values.genus && genus) values.genus = genus;
    if (!values.species && species) values.species = species;
    if (!values.subtaxa && rest.length > 0) values.subtaxa = rest.join(' ');
  }
  const countryName = derived['~countryName'];
  const countryColumn = byName.has('countryCode') ? 'countryCode' : 'countryOfOriginCode';
  if (countryName && !values[countryColumn]) {
    const code = alpha3Of(countryName);
    if (code) {
      values[countryColumn] = code;
      translations.add('countryName', countryName, code);
    } else
      problems.push({ row, column: countryColumn, message: `The country name '${countryName}' is not one Seedbed knows; write its ISO 3166-1 alpha-3 code (such as NGA or MEX) in ${countryColumn}.` });
  }
  const coordinates = derived['~coordinates'];
  if (coordinates) {
    const point = pointOf(coordinates);
    if (!point)
      problems.push({
        row,
        column: 'coordinates',
        message: 'coordinates is not a GeoJSON point; write it as {"type":"Point","coordinates":[longitude, latitude, altitude]}, or use latitude and longitude columns.',
      });
    else {
      const [longitude, latitude, altitude] = point;
      values.longitude ??= String(longitude);
      values.latitude ??= String(latitude);
      if (altitude !== undefined) values.elevation ??= String(altitude);
    }
  }
  const active = derived['~active'];
  if (active && !values.status) {
    const flag = spellingKey(active);
    if (['true', 'yes', '1'].includes(flag)) values.status = 'active';
    else if (['false', 'no', '0'].includes(flag)) values.status = 'completed';
    else problems.push({ row, column: 'active', message: `active '${active}' is not true or false; write true for an active project and false for a completed one.` });
  }
  const female = derived['~femaleParent'];
  const male = derived['~maleParent'];
  if ((female || male) && !values.pedigree) values.pedigree = `${female ?? 'NA'}/${male ?? 'NA'}`;
  if (derived['~parent1'] || derived['~parent2']) {
    const types = [spellingKey(derived['~parent1Type'] ?? ''), spellingKey(derived['~parent2Type'] ?? '')];
    const swap = types[0] === 'male' || types[1] === 'female';
    const [first, second] = swap ? [derived['~parent2'], derived['~parent1']] : [derived['~parent1'], derived['~parent2']];
    if (first && !values.femaleParent) values.femaleParent = first;
    if (second && !values.maleParent) values.maleParent = second;
    if (!values.crossType && types.includes('self')) values.crossType = 'SELF';
  }
  return { values, derived: anyDerived ? derived : null, problems };
}
