import type { ReportChart, ReportChartDeclaration } from '../../contract/reports';
import { cellOf, numberOf, type Row, textOf } from './output-rows';

/**
 * The declared charts as the server draws their data: bars, histogram bins and points thinned
 * to what a screen shows. A Manhattan plot of a million markers keeps every marker near the top
 * and one marker per pixel below; a QQ plot keeps its tail and one point per pixel of the rest.
 */

/** Most charts one declaration makes with `facet` (one per trait). */
export const MAX_FACETS = 12;
/** Most series (colours) in one chart. */
const MAX_SERIES = 24;
/** Most bars along one chart's axis. */
const MAX_BARS = 200;
/** Points kept exactly at the top of a Manhattan or QQ plot, and the pixel grid that thins the rest. */
const TOP_POINTS = 2000;
const GRID_COLUMNS = 1000;
const GRID_ROWS = 50;
/** Scatter and line points drawn without thinning. */
const MAX_UNTHINNED = 5000;

export interface ChartBuilder {
  add(row: Row): void;
  finish(): ReportChart[];
}

/** Numbers kept in growing typed arrays: a million markers are 8 MB a column, not a million objects. */
class NumberList {
  values = new Float64Array(1024);
  length = 0;
  push(value: number) {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
  at(index: number) {
    return this.values[index]!;
  }
}

/** Points of one series: x, y, and the index of a label (a chromosome) where it has one. */
class PointList {
  x = new NumberList();
  y = new NumberList();
  get length() {
    return this.x.length;
  }
  push(x: number, y: number) {
    this.x.push(x);
    this.y.push(y);
  }
}

/** Keeps the points at indexes that reach `above` (at most TOP_POINTS, the highest), and one point per cell of the grid of the rest. */
export function thinPoints(points: PointList, bounds: { xMin: number; xMax: number; yMin: number; yMax: number }, above = Number.POSITIVE_INFINITY): Array<{ x: number; y: number }> {
  const kept: Array<{ x: number; y: number }> = [];
  const taken = new Set<number>();
  const xSpan = bounds.xMax - bounds.xMin || 1;
  const ySpan = bounds.yMax - bounds.yMin || 1;
  for (let index = 0; index < points.length; index += 1) {
    const x = points.x.at(index);
    const y = points.y.at(index);
    if (y >= above) {
      kept.push({ x, y });
      continue;
    }
    const column = Math.min(GRID_COLUMNS - 1, Math.floor(((x - bounds.xMin) / xSpan) * GRID_COLUMNS));
    const row = Math.min(GRID_ROWS - 1, Math.floor(((y - bounds.yMin) / ySpan) * GRID_ROWS));
    const cell = row * GRID_COLUMNS + column;
    if (taken.has(cell)) continue;
    taken.add(cell);
    kept.push({ x, y });
  }
  return kept;
}

/** The value the top TOP_POINTS of `values` reach: the cut above which a plot keeps every point. */
function topCut(lists: PointList[]): number {
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  if (total <= TOP_POINTS) return Number.NEGATIVE_INFINITY;
  const all = new Float64Array(total);
  let at = 0;
  for (const list of lists) for (let index = 0; index < list.length; index += 1) all[at++] = list.y.at(index);
  all.sort();
  return all[total - TOP_POINTS]!;
}

function boundsOf(lists: PointList[]) {
  let xMin = Number.POSITIVE_INFINITY;
  let xMax = Number.NEGATIVE_INFINITY;
  let yMin = Number.POSITIVE_INFINITY;
  let yMax = Number.NEGATIVE_INFINITY;
  for (const list of lists) {
    for (let index = 0; index < list.length; index += 1) {
      const x = list.x.at(index);
      const y = list.y.at(index);
      if (x < xMin) xMin = x;
      if (x > xMax) xMax = x;
      if (y < yMin) yMin = y;
      if (y > yMax) yMax = y;
    }
  }
  return { xMin, xMax, yMin, yMax };
}

/** Values grouped by facet, then by series, in the order first met; past the caps, rows of new groups are left out. */
class Groups<Value> {
  facets = new Map<string, Map<string, Value>>();
  constructor(private readonly make: () => Value) {}
  get(facet: string, series: string): Value | null {
    let bySeries = this.facets.get(facet);
    if (!bySeries) {
      if (this.facets.size >= MAX_FACETS) return null;
      bySeries = new Map();
      this.facets.set(facet, bySeries);
    }
    let value = bySeries.get(series);
    if (value === undefined) {
      if (bySeries.size >= MAX_SERIES) return null;
      value = this.make();
      bySeries.set(series, value);
    }
    return value;
  }
}

const shell = (declaration: ReportChartDeclaration, file: string, facet: string) => ({
  title: declaration.title,
  kind: declaration.kind,
  facet: declaration.facet ? facet : null,
  file,
  categories: null,
  ticks: null,
  xMax: null,
  threshold: null,
});

/** A builder for one declared chart over the rows of `file`. */
export function chartBuilder(declaration: ReportChartDeclaration, file: string, params: Record<string, unknown> = {}): ChartBuilder {
  const facetOf = (row: Row) => (declaration.facet ? joined(row, declaration.facet) : '');
  const seriesOf = (row: Row, fallback: string) => (declaration.series ? joined(row, declaration.series) : fallback);
  switch (declaration.kind) {
    case 'bar': {
      const bars = new Groups<Map<string, { value: number | null; error: number | null; range: { low: number; high: number } | null }>>(() => new Map());
      const { interval } = declaration;
      const rangeOf = (row: Row) => {
        if (!interval) return null;
        const low = numberOf(cellOf(row, interval.low));
        const high = numberOf(cellOf(row, interval.high));
        return low === null || high === null ? null : { low, high };
      };
      const categories = new Map<string, string[]>();
      return {
        add(row) {
          const facet = facetOf(row);
          const values = bars.get(facet, seriesOf(row, declaration.yLabel ?? declaration.y));
          if (!values) return;
          const value = textOf(cellOf(row, declaration.x));
          const category = declaration.labels?.[value] ?? value;
          const known = categories.get(facet) ?? [];
          categories.set(facet, known);
          if (!known.includes(category)) {
            if (known.length >= MAX_BARS) return;
            known.push(category);
          }
          if (!values.has(category))
            values.set(category, { value: numberOf(cellOf(row, declaration.y)), error: declaration.error ? numberOf(cellOf(row, declaration.error)) : null, range: rangeOf(row) });
        },
        finish: () =>
          [...bars.facets].map(([facet, bySeries]) => {
            const labels = categories.get(facet) ?? [];
            const total = [...bySeries.values()].reduce((sum, values) => sum + values.size, 0);
            return {
              ...shell(declaration, file, facet),
              xLabel: declaration.xLabel ?? declaration.x,
              yLabel: declaration.yLabel ?? declaration.y,
              categories: labels,
              series: [...bySeries].map(([label, values]) => ({
                label,
                values: labels.map((category) => values.get(category)?.value ?? null),
                errors: declaration.error ? labels.map((category) => values.get(category)?.error ?? null) : null,
                ...(interval ? { ranges: labels.map((category) => values.get(category)?.range ?? null) } : {}),
                points: null,
              })),
              total,
              shown: total,
            };
          }),
      };
    }
    case 'histogram': {
      const values = new Groups(() => new NumberList());
      let total = 0;
      return {
        add(row) {
          const value = numberOf(cellOf(row, declaration.column));
          if (value === null) return;
          total += 1;
          values.get(facetOf(row), seriesOf(row, declaration.column))?.push(value);
        },
        finish: () =>
          [...values.facets].map(([facet, bySeries]) => {
            const lists = [...bySeries.values()];
            let low = Number.POSITIVE_INFINITY;
            let high = Number.NEGATIVE_INFINITY;
            for (const list of lists) {
              for (let index = 0; index < list.length; index += 1) {
                low = Math.min(low, list.at(index));
                high = Math.max(high, list.at(index));
              }
            }
            const bins = declaration.bins;
            const width = high > low ? (high - low) / bins : 1;
            const edges = Array.from({ length: bins + 1 }, (_, index) => low + index * width);
            const shown = lists.reduce((sum, list) => sum + list.length, 0);
            return {
              ...shell(declaration, file, facet),
              xLabel: declaration.xLabel ?? declaration.column,
              yLabel: 'Count',
              categories: edges.slice(0, -1).map((edge, index) => `${formatEdge(edge)}–${formatEdge(edges[index + 1]!)}`),
              series: [...bySeries].map(([label, list]) => {
                const counts = new Array<number>(bins).fill(0);
                for (let index = 0; index < list.length; index += 1) counts[Math.min(bins - 1, Math.floor((list.at(index) - low) / width))]! += 1;
                return { label, values: counts, errors: null, points: null };
              }),
              total: declaration.facet ? shown : total,
              shown,
            };
          }),
      };
    }
    case 'scatter':
    case 'line': {
      const points = new Groups(() => new PointList());
      return {
        add(row) {
          const x = numberOf(cellOf(row, declaration.x));
          const y = numberOf(cellOf(row, declaration.y));
          if (x === null || y === null) return;
          points.get(facetOf(row), seriesOf(row, declaration.y))?.push(x, y);
        },
        finish: () =>
          [...points.facets].map(([facet, bySeries]) => {
            const lists = [...bySeries.values()];
            const bounds = boundsOf(lists);
            const total = lists.reduce((sum, list) => sum + list.length, 0);
            // A few thousand points are drawn as they are; more are thinned to one per pixel.
            const keepAll = total <= MAX_UNTHINNED ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
            const series = [...bySeries].map(([label, list]) => {
              const kept = thinPoints(list, bounds, keepAll);
              if (declaration.kind === 'line') kept.sort((a, b) => a.x - b.x);
              return { label, values: null, errors: null, points: kept };
            });
            return {
              ...shell(declaration, file, facet),
              xLabel: declaration.xLabel ?? declaration.x,
              yLabel: declaration.yLabel ?? declaration.y,
              series,
              total,
              shown: series.reduce((sum, entry) => sum + (entry.points?.length ?? 0), 0),
            };
          }),
      };
    }
    case 'profiles': {
      // One line per row (a spectrum) over the columns whose names are numbers (its wavelengths).
      const lines: Array<{ label: string; points: Array<{ x: number; y: number }> }> = [];
      let total = 0;
      return {
        add(row) {
          total += 1;
          if (lines.length >= declaration.limit) return;
          const points = Object.entries(row).flatMap(([column, cell]) => {
            const x = column.trim() === '' ? null : numberOf(column);
            const y = numberOf(cell);
            return x === null || y === null ? [] : [{ x, y }];
          });
          lines.push({ label: textOf(cellOf(row, declaration.id)), points: points.sort((a, b) => a.x - b.x) });
        },
        finish: () => [
          {
            ...shell(declaration, file, ''),
            xLabel: declaration.xLabel ?? 'Wavelength',
            yLabel: declaration.yLabel ?? 'Value',
            series: lines.map(({ label, points }) => ({ label, values: null, errors: null, points })),
            total,
            shown: lines.length,
          },
        ],
      };
    }
    case 'manhattan':
      return manhattanBuilder(declaration, file, facetOf, seriesOf, declaration.threshold ?? (declaration.thresholdParam ? numberOf(params[declaration.thresholdParam]) : null));
    case 'qq': {
      const observed = new Groups(() => new NumberList());
      return {
        add(row) {
          const value = declaration.p !== undefined ? minusLog10(numberOf(cellOf(row, declaration.p))) : numberOf(cellOf(row, declaration.log10p!));
          if (value === null) return;
          observed.get(facetOf(row), seriesOf(row, 'Tests'))?.push(value);
        },
        finish: () =>
          [...observed.facets].map(([facet, bySeries]) => {
            const lists = [...bySeries].map(([label, values]) => {
              const sorted = values.values.slice(0, values.length).sort().reverse();
              const points = new PointList();
              // Expected −log10 p of the i-th smallest of n uniform p-values: −log10((i − 0.5) / n), as R's ppoints.
              for (let index = 0; index < sorted.length; index += 1) points.push(-Math.log10((index + 0.5) / sorted.length), sorted[index]!);
              return { label, points };
            });
            const bounds = boundsOf(lists.map((entry) => entry.points));
            const cut = topCut(lists.map((entry) => entry.points));
            const series = lists.map(({ label, points }) => ({ label, values: null, errors: null, points: thinPoints(points, bounds, cut) }));
            const top = Math.max(bounds.xMax, 0);
            series.push({
              label: 'Expected (y = x)',
              values: null,
              errors: null,
              points: [
                { x: 0, y: 0 },
                { x: top, y: top },
              ],
            });
            return {
              ...shell(declaration, file, facet),
              xLabel: 'Expected −log10 p',
              yLabel: 'Observed −log10 p',
              series,
              total: lists.reduce((sum, entry) => sum + entry.points.length, 0),
              shown: series.slice(0, -1).reduce((sum, entry) => sum + entry.points.length, 0),
            };
          }),
      };
    }
  }
}

/** The value of a column, or of several joined by “ × ”. */
const joined = (row: Row, columns: string | string[]) => (Array.isArray(columns) ? columns.map((column) => textOf(cellOf(row, column))).join(' × ') : textOf(cellOf(row, columns)));

const minusLog10 = (p: number | null) => (p === null || p < 0 || p > 1 ? null : p === 0 ? 324 : -Math.log10(p));

function formatEdge(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  return magnitude >= 1000 || magnitude < 0.001 ? value.toExponential(2) : String(Number(value.toPrecision(3)));
}

/** Markers along the genome: chromosomes end to end in the order met, alternate chromosomes as two series unless `series` says otherwise. */
function manhattanBuilder(
  declaration: Extract<ReportChartDeclaration, { kind: 'manhattan' }>,
  file: string,
  facetOf: (row: Row) => string,
  seriesOf: (row: Row, fallback: string) => string,
  threshold: number | null,
): ChartBuilder {
  interface Facet {
    chromosomes: Map<string, number>;
    lengths: number[];
    bySeries: Map<string, { chromosome: NumberList; position: NumberList; y: NumberList }>;
  }
  const facets = new Map<string, Facet>();
  const seriesCap = MAX_SERIES;
  return {
    add(row) {
      const position = numberOf(cellOf(row, declaration.position));
      const y = numberOf(cellOf(row, declaration.y));
      if (position === null || y === null) return;
      const facetName = facetOf(row);
      let facet = facets.get(facetName);
      if (!facet) {
        if (facets.size >= MAX_FACETS) return;
        facet = { chromosomes: new Map(), lengths: [], bySeries: new Map() };
        facets.set(facetName, facet);
      }
      const chromosome = textOf(cellOf(row, declaration.chromosome));
      let index = facet.chromosomes.get(chromosome);
      if (index === undefined) {
        index = facet.chromosomes.size;
        facet.chromosomes.set(chromosome, index);
        facet.lengths.push(0);
      }
      facet.lengths[index] = Math.max(facet.lengths[index]!, position);
      const seriesName = declaration.series ? seriesOf(row, '') : index % 2 === 0 ? 'Odd chromosomes' : 'Even chromosomes';
      let series = facet.bySeries.get(seriesName);
      if (!series) {
        if (facet.bySeries.size >= seriesCap) return;
        series = { chromosome: new NumberList(), position: new NumberList(), y: new NumberList() };
        facet.bySeries.set(seriesName, series);
      }
      series.chromosome.push(index);
      series.position.push(position);
      series.y.push(y);
    },
    finish: () =>
      [...facets].map(([facetName, facet]) => {
        // Each chromosome starts where the one before ends, with a gap of 2 % of the genome between them.
        const genome = facet.lengths.reduce((sum, length) => sum + length, 0);
        const gap = genome * 0.02;
        const offsets: number[] = [];
        let end = 0;
        for (const length of facet.lengths) {
          offsets.push(end);
          end += length + gap;
        }
        const lists = [...facet.bySeries.values()].map((series) => {
          const points = new PointList();
          for (let index = 0; index < series.y.length; index += 1) points.push(offsets[series.chromosome.at(index)]! + series.position.at(index), series.y.at(index));
          return points;
        });
        const bounds = boundsOf(lists);
        const cut = Math.min(topCut(lists), threshold ?? Number.POSITIVE_INFINITY);
        const series = [...facet.bySeries.keys()].map((label, index) => ({ label, values: null, errors: null, points: thinPoints(lists[index]!, bounds, cut) }));
        return {
          ...shell(declaration, file, facetName),
          xLabel: declaration.chromosome,
          yLabel: declaration.yLabel ?? declaration.y,
          series,
          ticks: [...facet.chromosomes.keys()].map((label, index) => ({ value: offsets[index]! + facet.lengths[index]! / 2, label })),
          xMax: Math.max(end - gap, 1),
          threshold,
          total: lists.reduce((sum, list) => sum + list.length, 0),
          shown: series.reduce((sum, entry) => sum + entry.points.length, 0),
        };
      }),
  };
}
