/**
 * `qc/site_stats.tsv`, built as bytes while the VCF is read: each record's row is added as it
 * passes (its CHROM, POS, ID, REF and ALT copied from the record's bytes), and the status column
 * is added when the file is written, once LD pruning has said which kept sites it removed. No
 * string is made per site, and nothing refers to the record's memory once its row is added.
 */
import { formatNumber } from '../../_shared/output.ts';
import { alleleNumber, minorAlleleCount, missingCount, type VcfSite } from '../../_shared/vcf.ts';

const TAB = 9;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

const format = (value: number) => formatNumber(value, 6);

/**
 * format(value) for a value in [0, 1], without parsing the text back: from 1e-6 up, toPrecision
 * writes plain digits, and those digits less their trailing zeros are what Number(…).toString()
 * gives (a decimal of six digits is the shortest text of its double). Smaller values go through format.
 */
export function formatFraction(value: number): string {
  if (!(value >= 1e-6 && value <= 1) && value !== 0) return format(value);
  const text = value.toPrecision(6);
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48 /* 0 */) end -= 1;
  if (text.charCodeAt(end - 1) === 46 /* . */) end -= 1;
  return text.slice(0, end);
}

const POWERS_OF_TEN = Array.from({ length: 16 }, (_, power) => 10 ** power);
const SIX_DIGITS = 1e5;

/**
 * Writes formatFraction(count / total) into `bytes` at `at` for whole numbers 0 < count ≤ total <
 * 2^20, in integers and without making a string: the six significant digits of the quotient,
 * rounded half up, trailing zeros dropped. The double count / total rounds the same way, since no
 * such quotient lies nearer a rounding boundary than about 5e-14 of itself (far more than a
 * double's error) unless it lies on one. Returns where the cell ends, or -1 for a tie, a quotient
 * below 1e-6 or digits past a double's integers: those go through formatFraction.
 */
export function writeFractionDigits(bytes: Uint8Array, at: number, count: number, total: number): number {
  // The smallest power of ten bringing count / total to six digits before the point.
  let power = 0;
  while (count * POWERS_OF_TEN[power]! < total * SIX_DIGITS) {
    power += 1;
    if (power > 11) return -1;
  }
  const scaled = count * POWERS_OF_TEN[power]!;
  if (scaled > Number.MAX_SAFE_INTEGER) return -1;
  let digits = Math.floor(scaled / total);
  const twice = 2 * (scaled - digits * total);
  if (twice === total) return -1;
  if (twice > total) digits += 1;
  if (digits === 1e6) {
    digits = SIX_DIGITS;
    power -= 1;
  }
  // digits × 10^-power, trailing zeros dropped.
  while (power > 0 && digits % 10 === 0) {
    digits /= 10;
    power -= 1;
  }
  let length = 1;
  while (length < 7 && digits >= POWERS_OF_TEN[length]!) length += 1;
  let end: number;
  if (power === 0) end = at + length;
  else if (power >= length) {
    // 0.000ddd
    bytes[at] = ZERO;
    bytes[at + 1] = DOT;
    for (let zero = 0; zero < power - length; zero += 1) bytes[at + 2 + zero] = ZERO;
    end = at + 2 + power;
  } else {
    // dd.dddd: the point goes `power` digits from the end.
    end = at + length + 1;
    bytes[end - power - 1] = DOT;
  }
  // The digits from the last, stepping over the point.
  const point = power > 0 && power < length;
  let rest = digits;
  for (let written = 0; written < length; written += 1) {
    bytes[end - 1 - written - (point && written >= power ? 1 : 0)] = ZERO + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return end;
}

/** `count / total` as a table cell: NA for no total. */
const fractionText = (count: number, total: number) => (total === 0 ? format(Number.NaN) : count >= 1 << 20 || total >= 1 << 20 ? format(count / total) : formatFraction(count / total));

/** The row of a site as text, without its status (the rows that are not copied from the record's bytes: multi-allelic, `.` ID, …). */
function rowText(site: VcfSite, sampleCount: number): string {
  const an = alleleNumber(site);
  const alleleFrequencies = site.alleleCounts.slice(1).map((count) => fractionText(count, an));
  return [
    site.chrom,
    site.pos,
    site.id,
    site.ref,
    site.alt.join(',') || '.',
    an,
    site.alleleCounts.slice(1).join(',') || '0',
    alleleFrequencies.join(',') || 'NA',
    fractionText(minorAlleleCount(site), an),
    fractionText(missingCount(site), sampleCount),
  ].join('\t');
}

export const SITE_TABLE_HEADER = 'chrom\tpos\tid\tref\talt\tan\tac\taf\tmaf\tf_missing\tstatus';

export class SiteTable {
  private bytes = Buffer.allocUnsafeSlow(1 << 20);
  private used = 0;
  /** Where each row ends (before its status). */
  private rowEnds = new Int32Array(1 << 14);
  private rows = 0;
  private readonly sampleCount: number;
  /** Cells of count / total already formatted, by total, then count (the same few thousand recur: AN is at most twice the samples). */
  private readonly cells = new Map<number, Array<string | undefined>>();
  /** The first five tabs of the record being added. */
  private readonly tabs = new Int32Array(5);

  constructor(sampleCount: number) {
    this.sampleCount = sampleCount;
  }

  get length(): number {
    return this.rows;
  }

  private reserve(bytes: number): void {
    if (this.used + bytes <= this.bytes.length) return;
    const larger = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.used + bytes));
    this.bytes.copy(larger, 0, 0, this.used);
    this.bytes = larger;
  }

  /** Writes a whole number (reserved for: at most 16 digits). */
  private integer(value: number): void {
    const bytes = this.bytes;
    if (value < 10) {
      bytes[this.used++] = ZERO + value;
      return;
    }
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
    let at = this.used + digits;
    this.used = at;
    for (let rest = value; at > this.used - digits; rest = Math.floor(rest / 10)) bytes[--at] = ZERO + (rest % 10);
  }

  private ascii(text: string): void {
    const bytes = this.bytes;
    for (let index = 0; index < text.length; index += 1) bytes[this.used++] = text.charCodeAt(index);
  }

  /** The cell of count / total (ASCII: digits, `.`, `e`, `-`, NA). */
  private fraction(count: number, total: number): void {
    if (total >= 1 << 20 || count < 0 || count > total) {
      this.ascii(fractionText(count, total));
      return;
    }
    if (count > 0) {
      const end = writeFractionDigits(this.bytes, this.used, count, total);
      if (end >= 0) {
        this.used = end;
        return;
      }
    }
    let byCount = this.cells.get(total);
    if (byCount === undefined) {
      byCount = new Array<string | undefined>(total + 1);
      this.cells.set(total, byCount);
    }
    let cell = byCount[count];
    if (cell === undefined) {
      cell = fractionText(count, total);
      byCount[count] = cell;
    }
    this.ascii(cell);
  }

  /** Adds the row of `site` (read from `site.record`), without its status. */
  add(site: VcfSite): void {
    if (this.rows === this.rowEnds.length) {
      const larger = new Int32Array(this.rows * 2);
      larger.set(this.rowEnds);
      this.rowEnds = larger;
    }
    const record = site.record;
    const { tabs } = this;
    let prefix = -1;
    if (site.alt.length === 1) {
      // The first five columns are the row's when they are ASCII, POS is written as its number would be, and ID is not `.`.
      let found = 0;
      let high = 0;
      for (let at = 0; at < record.length && found < 5; at += 1) {
        const byte = record[at]!;
        high |= byte;
        if (byte === TAB) tabs[found++] = at;
      }
      const posStart = tabs[0]! + 1;
      const posLength = tabs[1]! - posStart;
      let plain = found === 5 && (high & 0x80) === 0 && posLength >= 1 && posLength <= 15 && (posLength === 1 || record[posStart] !== ZERO);
      for (let at = posStart; plain && at < tabs[1]!; at += 1) plain = record[at]! >= ZERO && record[at]! <= NINE;
      if (plain && !(tabs[2]! - tabs[1]! === 2 && record[tabs[1]! + 1] === DOT)) prefix = tabs[4]!;
    }
    if (prefix < 0) {
      const text = rowText(site, this.sampleCount);
      this.reserve(Buffer.byteLength(text));
      this.used += this.bytes.write(text, this.used, 'utf8');
    } else {
      this.reserve(prefix + 128);
      record.copy(this.bytes, this.used, 0, prefix);
      this.used += prefix;
      const an = alleleNumber(site);
      const ac = site.alleleCounts[1]!;
      const bytes = this.bytes;
      bytes[this.used++] = TAB;
      this.integer(an);
      bytes[this.used++] = TAB;
      this.integer(ac);
      bytes[this.used++] = TAB;
      this.fraction(ac, an);
      bytes[this.used++] = TAB;
      this.fraction(minorAlleleCount(site), an);
      bytes[this.used++] = TAB;
      this.fraction(missingCount(site), this.sampleCount);
    }
    this.rowEnds[this.rows++] = this.used;
  }

  /** The whole table: header, then each row with its status (`statusNames[status[row]]`). */
  text(status: Uint8Array, statusNames: readonly string[]): Buffer {
    const names = statusNames.map((name) => Buffer.from(`\t${name}\n`, 'latin1'));
    const longest = Math.max(...names.map((name) => name.length));
    const header = Buffer.from(`${SITE_TABLE_HEADER}\n`, 'latin1');
    const out = Buffer.allocUnsafeSlow(header.length + this.used + this.rows * longest);
    let at = header.copy(out, 0);
    let start = 0;
    for (let row = 0; row < this.rows; row += 1) {
      const end = this.rowEnds[row]!;
      at += this.bytes.copy(out, at, start, end);
      const name = names[status[row]!]!;
      for (let index = 0; index < name.length; index += 1) out[at++] = name[index]!;
      start = end;
    }
    return out.subarray(0, at);
  }
}
