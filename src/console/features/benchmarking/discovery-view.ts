import { CURVE_WINDOWS_BP, type SignificanceRule } from '../../../contract/benchmark-metrics';

/**
 * The scoring choices of a discovery results view (window, significance rule and its cut-off, and
 * the window of the power–FDR curves, one of five): their
 * bounds, the message a field shows past them, and their place in the address so that a view can be
 * bookmarked. A value in the address that is not one a person could have typed falls back to its default.
 */

export type RuleKind = SignificanceRule['kind'];
export const RULE_KINDS: readonly RuleKind[] = ['threshold', 'bonferroni', 'fdr'];

/** Known QTL intervals are a few Mb wide; past 100 Mb a window spans most of a chromosome. */
export const MAX_WINDOW_MB = 100;
/** A p value below about 1e-308 is not a double any more. */
export const MAX_MINUS_LOG10_P = 300;

export interface DiscoveryView {
  windowMb: number;
  ruleKind: RuleKind;
  cutoff: number;
  /** The window of the power–FDR curves drawn and of the ranking by their area, in bp: one of CURVE_WINDOWS_BP. */
  curveWindowBp: number;
}

export const defaultCutoff = (kind: RuleKind) => (kind === 'threshold' ? 5 : 0.05);
export const DEFAULT_VIEW: DiscoveryView = { windowMb: 1, ruleKind: 'threshold', cutoff: defaultCutoff('threshold'), curveWindowBp: 1_000_000 };

/** "1 kb", "100 kb", "10 Mb": a curve window as the page says it. */
export const windowLabel = (bp: number) => (bp >= 1_000_000 ? `${bp / 1_000_000} Mb` : `${bp / 1_000} kb`);

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** What is wrong with a typed window, and how to put it right; null when it is a window. */
export function windowProblem(text: string): string | null {
  const value = number(text);
  if (!Number.isFinite(value) || value < 0 || value > MAX_WINDOW_MB) return `The window is a distance in Mb from 0 to ${MAX_WINDOW_MB}; type one such as 1 or 0.5.`;
  return null;
}

/** What is wrong with a typed cut-off for the rule, and how to put it right; null when it is one. */
export function cutoffProblem(kind: RuleKind, text: string): string | null {
  const value = number(text);
  if (kind === 'threshold') {
    if (!Number.isFinite(value) || value <= 0 || value > MAX_MINUS_LOG10_P) return `−log10 p is above 0 and at most ${MAX_MINUS_LOG10_P}; type one such as 5 (p ≤ 1e-5).`;
    return null;
  }
  const name = kind === 'bonferroni' ? 'α' : 'q';
  if (!Number.isFinite(value) || value <= 0 || value >= 1) return `${name} is a probability between 0 and 1 (not either); type one such as 0.05.`;
  return null;
}

export function ruleOf(view: DiscoveryView): SignificanceRule {
  if (view.ruleKind === 'threshold') return { kind: 'threshold', minusLog10P: view.cutoff };
  if (view.ruleKind === 'bonferroni') return { kind: 'bonferroni', alpha: view.cutoff };
  return { kind: 'fdr', q: view.cutoff };
}

/** The view an address asks for (`?window=2&rule=fdr&cutoff=0.1&curve=10000`); each missing or bad value is its default. */
export function viewFromQuery(search: string): DiscoveryView {
  const query = new URLSearchParams(search);
  const kindText = query.get('rule');
  const ruleKind = RULE_KINDS.find((kind) => kind === kindText) ?? DEFAULT_VIEW.ruleKind;
  const windowText = query.get('window');
  const cutoffText = query.get('cutoff');
  const curveWindowBp = CURVE_WINDOWS_BP.find((bp) => String(bp) === query.get('curve'));
  return {
    windowMb: windowText !== null && windowProblem(windowText) === null ? Number(windowText) : DEFAULT_VIEW.windowMb,
    ruleKind,
    cutoff: cutoffText !== null && cutoffProblem(ruleKind, cutoffText) === null ? Number(cutoffText) : defaultCutoff(ruleKind),
    curveWindowBp: curveWindowBp ?? DEFAULT_VIEW.curveWindowBp,
  };
}

/** The address's query with the view in it (defaults left out) and its other parameters (`id`, `group`) kept. */
export function viewToQuery(view: DiscoveryView, search: string): string {
  const query = new URLSearchParams(search);
  const set = (name: string, value: string | number, fallback: string | number) => (value === fallback ? query.delete(name) : query.set(name, String(value)));
  set('window', view.windowMb, DEFAULT_VIEW.windowMb);
  set('rule', view.ruleKind, DEFAULT_VIEW.ruleKind);
  set('cutoff', view.cutoff, defaultCutoff(view.ruleKind));
  set('curve', view.curveWindowBp, DEFAULT_VIEW.curveWindowBp);
  return query.toString();
}
