import { useEffect, useMemo, useState } from 'react';
import type { SignificanceRule } from '../../../contract/benchmark-metrics';
import { cutoffProblem, type DiscoveryView, defaultCutoff, type RuleKind, ruleOf, viewFromQuery, viewToQuery, windowProblem } from './discovery-view';

/** The discovery controls' typed text, their problems, and the last valid view the scores follow. */
export interface DiscoveryViewControls {
  windowText: string;
  setWindowText: (text: string) => void;
  windowError: string | null;
  ruleKind: RuleKind;
  /** Another rule, with its default cut-off. */
  chooseRuleKind: (kind: RuleKind) => void;
  cutoffText: string;
  setCutoffText: (text: string) => void;
  cutoffError: string | null;
  /** The window the scores use, in Mb: the last valid one typed. */
  windowMb: number;
  /** The rule the scores use: the last valid one chosen. */
  rule: SignificanceRule;
  /** The window of the power–FDR curves and of the ranking by their area, in bp (one of five). */
  curveWindowBp: number;
  setCurveWindowBp: (bp: number) => void;
}

/**
 * The window and significance rule of a discovery results view, read from the address and kept
 * there. A value out of bounds is named on its field and never scored: the scores keep the last
 * valid choice meanwhile. Used only in the browser, after the data has loaded, so the address can
 * be read at once.
 */
export function useDiscoveryView(): DiscoveryViewControls {
  const [initial] = useState(() => viewFromQuery(window.location.search));
  const [windowText, setWindowText] = useState(String(initial.windowMb));
  const [ruleKind, setRuleKind] = useState<RuleKind>(initial.ruleKind);
  const [cutoffText, setCutoffText] = useState(String(initial.cutoff));
  const windowError = windowProblem(windowText);
  const cutoffError = cutoffProblem(ruleKind, cutoffText);

  const [curveWindowBp, setCurveWindowBp] = useState(initial.curveWindowBp);

  const [view, setView] = useState<DiscoveryView>(initial);
  useEffect(() => {
    setView((previous) => {
      const next = {
        windowMb: windowError ? previous.windowMb : Number(windowText),
        ruleKind: cutoffError ? previous.ruleKind : ruleKind,
        cutoff: cutoffError ? previous.cutoff : Number(cutoffText),
        curveWindowBp,
      };
      return next.windowMb === previous.windowMb && next.ruleKind === previous.ruleKind && next.cutoff === previous.cutoff && next.curveWindowBp === previous.curveWindowBp ? previous : next;
    });
  }, [windowText, ruleKind, cutoffText, windowError, cutoffError, curveWindowBp]);
  useEffect(() => {
    const query = viewToQuery(view, window.location.search);
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  }, [view]);

  const rule = useMemo(() => ruleOf(view), [view]);
  return {
    windowText,
    setWindowText,
    windowError,
    ruleKind,
    chooseRuleKind: (kind) => {
      setRuleKind(kind);
      setCutoffText(String(defaultCutoff(kind)));
    },
    cutoffText,
    setCutoffText,
    cutoffError,
    windowMb: view.windowMb,
    rule,
    curveWindowBp: view.curveWindowBp,
    setCurveWindowBp,
  };
}
