import type { Readable } from 'node:stream';
import type { ReportChart, ReportChartDeclaration, ReportDeclaration, ReportNumber, ReportNumberDeclaration, ReportTable, ReportTableDeclaration } from '../../contract/reports';
import { cellOf, eachDelimitedRow, globPattern, isJson, jsonRows, numberOf, type Row, readJsonStream, separatorOf, textOf, valueAt } from './output-rows';
import { type ChartBuilder, chartBuilder } from './report-charts';

/** A run's output file as the report sees it. */
export interface ReportOutput {
  /** Relative to the output directory. */
  path: string;
  sizeBytes: number;
  fileId: number | null;
}

/** The run's outputs, and how to read one (from storage once registered, from the run's folder before). */
export interface OutputReader {
  outputs: ReportOutput[];
  /** The run's parameters (a chart's threshold may be one). */
  params: Record<string, unknown>;
  open(output: ReportOutput): Promise<Readable>;
}

export interface ComputedReport {
  numbers: ReportNumber[];
  charts: ReportChart[];
  tables: ReportTable[];
  previews: Array<{ title: string; path: string; fileId: number | null; sizeBytes: number }>;
  problems: string[];
}

/** What a request asks for: comparisons read only the numbers' files. */
export interface ReportParts {
  charts: boolean;
  tables: boolean;
}

/** A consumer of the rows of one output: each declared number, chart or table has one per file it reads. */
interface Consumer {
  rows: string | undefined;
  /** The columns it reads (null: every column), so a wide table's rows are built with those only. */
  columns: string[] | null;
  where: ReportNumberDeclaration['where'];
  /** For JSON `value` numbers: the whole document. */
  document?: (document: unknown) => void;
  add(row: Row): void;
}

const matches = (row: Row, where: Consumer['where']) => !where || textOf(cellOf(row, where.column)) === String(where.equals);

const DEFAULT_DIGITS = 4;

interface GroupTotals {
  count: number;
  counted: number;
  sum: number;
  min: number;
  max: number;
  first: number | null;
  last: number | null;
  firstInterval: { low: number | null; high: number | null } | null;
  lastInterval: { low: number | null; high: number | null } | null;
}

const emptyTotals = (): GroupTotals => ({
  count: 0,
  counted: 0,
  sum: 0,
  min: Number.POSITIVE_INFINITY,
  max: Number.NEGATIVE_INFINITY,
  first: null,
  last: null,
  firstInterval: null,
  lastInterval: null,
});

/** One declared number: a JSON value, or a column aggregated over the rows (per group when `per`). */
function numberConsumer(declaration: ReportNumberDeclaration, file: string, found: ReportNumber[]): Consumer {
  const digits = declaration.digits ?? DEFAULT_DIGITS;
  const { caution } = declaration;
  const outside = (value: number) => (caution?.above !== undefined && value > caution.above) || (caution?.below !== undefined && value < caution.below);
  const cautionOf = (value: number | null) => (caution && value !== null && outside(value) ? { caution: caution.note } : {});
  if (declaration.value !== undefined) {
    const valuePath = declaration.value;
    return {
      rows: undefined,
      columns: [],
      where: undefined,
      document(document) {
        const value = numberOf(valueAt(document, valuePath));
        if (value === null && declaration.optional) return;
        found.push({ key: declaration.label, label: declaration.label, group: null, value, digits, file, ...cautionOf(value) });
      },
      add() {},
    };
  }
  const per = declaration.per === undefined ? [] : Array.isArray(declaration.per) ? declaration.per : [declaration.per];
  const { interval } = declaration;
  const groups = new Map<string, GroupTotals>();
  const consumer: Consumer & { finish(): void } = {
    rows: declaration.rows,
    columns: [...per, ...(declaration.column ? [declaration.column] : []), ...(interval ? [interval.low, interval.high] : [])],
    where: declaration.where,
    add(row) {
      const group = per.map((column) => textOf(cellOf(row, column))).join(' × ');
      let entry = groups.get(group);
      if (!entry) {
        entry = emptyTotals();
        groups.set(group, entry);
      }
      entry.count += 1;
      if (declaration.column === undefined) return;
      const value = numberOf(cellOf(row, declaration.column));
      if (value === null) return;
      entry.counted += 1;
      entry.sum += value;
      entry.min = Math.min(entry.min, value);
      entry.max = Math.max(entry.max, value);
      // The interval of the first and of the last value, from the value's own row.
      const ends = interval ? { low: numberOf(cellOf(row, interval.low)), high: numberOf(cellOf(row, interval.high)) } : null;
      if (entry.first === null) {
        entry.first = value;
        entry.firstInterval = ends;
      }
      entry.last = value;
      entry.lastInterval = ends;
    },
    finish() {
      if (groups.size === 0 && per.length === 0) groups.set('', { ...emptyTotals(), min: Number.NaN, max: Number.NaN });
      for (const [group, entry] of groups) {
        const value = (() => {
          switch (declaration.aggregate) {
            case 'count':
              return entry.count;
            case 'first':
              return entry.first;
            case 'last':
              return entry.last;
            case 'sum':
              return entry.counted > 0 ? entry.sum : null;
            case 'mean':
              return entry.counted > 0 ? entry.sum / entry.counted : null;
            case 'min':
              return entry.counted > 0 ? entry.min : null;
            case 'max':
              return entry.counted > 0 ? entry.max : null;
          }
        })();
        if (value === null && declaration.optional) continue;
        const named = per.length > 0 ? group : null;
        const ends = declaration.aggregate === 'last' ? entry.lastInterval : entry.firstInterval;
        found.push({
          key: named === null ? declaration.label : `${declaration.label} · ${named}`,
          label: declaration.label,
          group: named,
          value,
          digits,
          file,
          ...cautionOf(value),
          ...(interval && value !== null ? { interval: { low: ends?.low ?? null, high: ends?.high ?? null, level: interval.level } } : {}),
        });
      }
    },
  };
  return consumer;
}

/**
 * One declared table: the top rows after sorting (a running top, so a big file is not held); with
 * `per`, one table per value of that column, each with its own top rows, in the order first met.
 */
function tableConsumer(declaration: ReportTableDeclaration, file: string): Consumer & { finish(): ReportTable[] } {
  const groups = new Map<string, { kept: Row[]; totalRows: number }>();
  let columns: string[] | null = declaration.columns ?? null;
  const { sort, per } = declaration;
  const compare = (a: Row, b: Row) => {
    if (!sort) return 0;
    const left = cellOf(a, sort.column);
    const right = cellOf(b, sort.column);
    const x = numberOf(left);
    const y = numberOf(right);
    // Blanks last, whichever the order.
    if (x === null || y === null) return x === null && y === null ? textOf(left).localeCompare(textOf(right)) : x === null ? 1 : -1;
    return sort.order === 'desc' ? y - x : x - y;
  };
  const trim = (kept: Row[]) => {
    kept.sort(compare);
    kept.length = Math.min(kept.length, declaration.limit);
  };
  return {
    rows: declaration.rows,
    columns: declaration.columns ? [...declaration.columns, ...(sort ? [sort.column] : []), ...(per ? [per] : [])] : null,
    where: declaration.where,
    add(row) {
      const key = per === undefined ? '' : textOf(cellOf(row, per));
      let group = groups.get(key);
      if (!group) {
        group = { kept: [], totalRows: 0 };
        groups.set(key, group);
      }
      group.totalRows += 1;
      columns ??= Object.keys(row);
      if (!sort && group.kept.length >= declaration.limit) return;
      group.kept.push(row);
      if (group.kept.length >= declaration.limit * 4) trim(group.kept);
    },
    finish() {
      // A file without rows still shows its (empty) table.
      if (groups.size === 0) groups.set('', { kept: [], totalRows: 0 });
      // The column that splits the tables says the same in every row of one: it is left out.
      const shown = (columns ?? []).filter((column) => column !== per);
      const accessionColumn = declaration.accessionColumn === undefined ? -1 : shown.indexOf(declaration.accessionColumn);
      return [...groups].map(([key, { kept, totalRows }]) => {
        trim(kept);
        return {
          title: declaration.title,
          group: per === undefined ? null : key,
          file,
          columns: shown.map((column) => declaration.headers?.[column] ?? column),
          rows: kept.map((row) => shown.map((column) => textOf(cellOf(row, column)))),
          totalRows,
          sortedBy: sort ? `${declaration.headers?.[sort.column] ?? sort.column} (${sort.order === 'desc' ? 'largest' : 'smallest'} first)` : null,
          accessionColumn: accessionColumn >= 0 ? accessionColumn : null,
          accessionIds: null,
        };
      });
    },
  };
}

/** The columns a chart reads. */
function chartColumns(chart: ReportChartDeclaration): string[] {
  const named = [chart.facet, chart.series].flatMap((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));
  switch (chart.kind) {
    case 'bar':
      return [...named, chart.x, chart.y, ...(chart.error ? [chart.error] : []), ...(chart.interval ? [chart.interval.low, chart.interval.high] : [])];
    case 'histogram':
      return [...named, chart.column];
    case 'scatter':
    case 'line':
      return [...named, chart.x, chart.y];
    case 'manhattan':
      return [...named, chart.chromosome, chart.position, chart.y];
    case 'qq':
      return [...named, ...(chart.p ? [chart.p] : []), ...(chart.log10p ? [chart.log10p] : [])];
    case 'profiles':
      return [...named, chart.id];
  }
}

/** The outputs a declared pattern matches, by path. */
export function outputsMatching(outputs: ReportOutput[], pattern: string): ReportOutput[] {
  const expression = globPattern(pattern);
  return outputs.filter((output) => expression.test(output.path.split('\\').join('/')));
}

/** Reads each output once, handing its rows to every consumer that declared it. */
async function readOutput(reader: OutputReader, output: ReportOutput, consumers: Consumer[]): Promise<void> {
  const stream = await reader.open(output);
  const dispatch = (consumer: Consumer, row: Row) => {
    if (matches(row, consumer.where)) consumer.add(row);
  };
  if (isJson(output.path)) {
    const document = await readJsonStream(stream, output.path);
    for (const consumer of consumers) {
      if (consumer.document) consumer.document(document);
      else if (consumer.rows === undefined) throw new Error(`${output.path} is JSON: the report must say which "rows" of it to read (a dotted path to an array).`);
      else for (const row of jsonRows(document, consumer.rows, output.path)) dispatch(consumer, row);
    }
    return;
  }
  if (!separatorOf(output.path)) {
    stream.destroy();
    throw new Error(`${output.path} is neither CSV, TSV nor JSON, so the report cannot read rows from it; declare it under "previews" instead.`);
  }
  const wanted = consumers.some((consumer) => consumer.columns === null)
    ? null
    : new Set(consumers.flatMap((consumer) => [...(consumer.columns ?? []), ...(consumer.where ? [consumer.where.column] : [])]));
  await eachDelimitedRow(
    stream,
    output.path,
    (row) => {
      for (const consumer of consumers) dispatch(consumer, row);
    },
    wanted,
  );
}

const noMatchProblem = (what: string, pattern: string) => `${what}: no output matches ${pattern}. The run may not have written it (see its log), or the pipeline’s report.json names another file.`;

/**
 * The declared report over a run's outputs. What cannot be read (an output missing, a column
 * absent) is named in `problems`, and the rest of the report is still given.
 */
export async function computeReport(declaration: ReportDeclaration, reader: OutputReader, parts: ReportParts): Promise<ComputedReport> {
  const problems: string[] = [];
  const byFile = new Map<string, { output: ReportOutput; consumers: Consumer[] }>();
  const use = (output: ReportOutput, consumer: Consumer) => {
    const entry = byFile.get(output.path) ?? { output, consumers: [] };
    entry.consumers.push(consumer);
    byFile.set(output.path, entry);
  };

  const numbers: ReportNumber[] = [];
  const numberFinishers: Array<() => void> = [];
  for (const number of declaration.numbers) {
    const matched = outputsMatching(reader.outputs, number.file);
    if (matched.length === 0) {
      problems.push(noMatchProblem(`“${number.label}”`, number.file));
      numbers.push({ key: number.label, label: number.label, group: null, value: null, digits: number.digits ?? DEFAULT_DIGITS, file: null });
      continue;
    }
    // A JSON value comes from the first file matched; rows are read from every file matched.
    for (const output of number.value !== undefined ? matched.slice(0, 1) : matched) {
      const consumer = numberConsumer(number, output.path, numbers);
      use(output, consumer);
      if ('finish' in consumer) numberFinishers.push(consumer.finish as () => void);
      if (number.value !== undefined || number.per !== undefined) continue;
      // Without `per`, one number over all the files: the first file's consumer takes the others' rows too.
      for (const other of matched.slice(1)) use(other, consumer);
      break;
    }
  }

  const chartBuilders: ChartBuilder[] = [];
  if (parts.charts) {
    for (const chart of declaration.charts) {
      const matched = outputsMatching(reader.outputs, chart.file);
      if (matched.length === 0) problems.push(noMatchProblem(`The chart “${chart.title}”`, chart.file));
      for (const output of matched) {
        const builder = chartBuilder(chart, output.path, reader.params);
        chartBuilders.push(builder);
        use(output, { rows: chart.rows, columns: chart.kind === 'profiles' ? null : chartColumns(chart), where: chart.where, add: builder.add });
      }
    }
  }

  const tableConsumers: Array<ReturnType<typeof tableConsumer>> = [];
  if (parts.tables) {
    for (const table of declaration.tables) {
      const matched = outputsMatching(reader.outputs, table.file);
      if (matched.length === 0) problems.push(noMatchProblem(`The table “${table.title}”`, table.file));
      for (const output of matched) {
        const consumer = tableConsumer(table, output.path);
        tableConsumers.push(consumer);
        use(output, consumer);
      }
    }
  }

  for (const { output, consumers } of byFile.values()) {
    try {
      await readOutput(reader, output, consumers);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  for (const finish of numberFinishers) finish();
  const charts = chartBuilders.flatMap((builder) => builder.finish());
  const tables = tableConsumers.flatMap((consumer) => consumer.finish());

  problems.push(...missingColumns(declaration, numbers));
  const previews = declaration.previews.flatMap((preview) => {
    const matched = outputsMatching(reader.outputs, preview.file);
    if (matched.length === 0) problems.push(noMatchProblem(`The preview “${preview.title}”`, preview.file));
    return matched.map((output) => ({ title: preview.title, path: output.path, fileId: output.fileId, sizeBytes: output.sizeBytes }));
  });
  return { numbers, charts, tables, previews, problems };
}

/** Numbers that came out empty: a column the file does not have is the likely cause, said with the fix. */
function missingColumns(declaration: ReportDeclaration, numbers: ReportNumber[]): string[] {
  const problems: string[] = [];
  for (const number of declaration.numbers) {
    const found = numbers.filter((entry) => entry.label === number.label && entry.file !== null);
    if (found.length > 0 && found.every((entry) => entry.value === null)) {
      const where = number.value ?? number.column ?? '';
      problems.push(`“${number.label}” has no value in ${found[0]!.file}: it has no number at ${where}. Check the column or JSON path in the pipeline’s report.json.`);
    }
  }
  return problems;
}
