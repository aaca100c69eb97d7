/** The colours the results pages give their methods and models, in order, so that one method keeps its colour across a page's charts. */
const SERIES_COLORS = ['#047857', '#b45309', '#1d4ed8', '#be185d', '#6d28d9', '#0f766e'];

export const seriesColor = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length]!;

/** The colours of scores drawn side by side for each method (precision, recall, F1): shades of grey, so that no score takes a method's colour on the same page. */
export const SCORE_COLORS = { precision: '#a8a29e', recall: '#57534e', f1: '#1c1917' } as const;
