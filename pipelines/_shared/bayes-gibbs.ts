/**
 * BayesB and BayesC (BayesCπ) by single-site Gibbs sampling, following BGLR 1.1.5 (Pérez and de los
 * Campos 2014, Genetics 198:483; R/BGLR.R and src/util_sample.c of gdlc/BGLR-R): the model, the
 * order of the updates, the priors and their default hyper-parameters are BGLR's.
 *
 *   y = μ + Fγ + Σ_j x_j β_j + e,   e ~ N(0, σe² I),   β_j = b_j d_j,   d_j ~ Bernoulli(π)
 *
 * - μ and the covariates γ: flat priors.
 * - BayesC: b_j ~ N(0, σb²), one σb² ~ S0·χ⁻²(df0). BayesB: b_j ~ N(0, σb_j²), σb_j² ~ S·χ⁻²(df0)
 *   each, and the scale S ~ Gamma(shape0 = 1.1, rate0 = (shape0 − 1)/S0).
 * - π ~ Beta(counts·probIn + 1, counts·(1 − probIn) + 1), sampled (probIn = 0.5, counts = 10).
 * - σe² ~ S0e·χ⁻²(df0e), df0e = 5, S0e = var(y)(1 − R2)(df0e + 2).
 * - S0 = var(y)·R2/MSx·(df0 + 2)/probIn with R2 = 0.5, df0 = 5 and MSx the sum of the markers'
 *   variances: a priori the markers explain R2 of the phenotypic variance.
 *
 * Each iteration samples μ, γ, then every marker in turn (d_j given b_j from the change in the
 * residual sum of squares, as BGLR does; then b_j from its full conditional when d_j = 1 and from
 * its prior when d_j = 0), then σb² (or each σb_j² and S), π and σe². The residual vector e is kept up
 * to date, so one marker costs two passes over the individuals. Posterior means average every
 * iteration after the burn-in (as BGLR's do); `thin` keeps every thin-th of them for the
 * convergence diagnostics. BGLR's reported ETA$b for BayesB/C averages b_j whether the marker is
 * in or not; here the effect reported is the mean of β_j = b_j d_j, the effect the predictions
 * (BGLR's yHat too) are made of.
 */
import { betaDeviate, gammaDeviate, seededRandom } from './stats.ts';

export type BayesMethod = 'bayesb' | 'bayes_c';

/** BGLR's defaults (BGLR(), setLT.BayesBandC). */
export const BGLR_PRIORS = { r2: 0.5, df0: 5, probIn: 0.5, counts: 10, residualDf0: 5, shape0: 1.1 } as const;
export type BayesPriors = { -readonly [key in keyof typeof BGLR_PRIORS]: number };

/** BGLR's defaults: 1,500 iterations, 500 burn-in, thin 5. */
export const DEFAULT_CHAIN = { iterations: 1500, burnIn: 500, thin: 5 } as const;

export interface ChainSettings {
  iterations: number;
  burnIn: number;
  thin: number;
  seed: number;
  /** Chains run from seed, seed + 1, …; posterior means pool them. R-hat needs at least two. */
  chains?: number;
}

export interface BayesInput {
  method: BayesMethod;
  /** Markers: one column per marker over the training individuals (centring is up to the caller; μ absorbs it). */
  columns: ArrayLike<number>[];
  y: Float64Array;
  /** Covariates with flat priors, one column each over the same individuals (no intercept column). */
  fixed?: ArrayLike<number>[];
  chain: ChainSettings;
  priors?: Partial<BayesPriors>;
  /** Keep the thinned draws of β (for tests of Monte-Carlo error). */
  keepSamples?: boolean;
}

/** A scalar chain's summary: effective sample size over the chains (Stan's), Geweke's z (first chain), split R-hat over the chains (null with one). */
export interface ChainDiagnostic {
  mean: number;
  sd: number;
  ess: number;
  gewekeZ: number;
  rHat: number | null;
}

export interface BayesFit {
  method: BayesMethod;
  /** Posterior mean of β_j = b_j d_j. */
  effects: Float64Array;
  /** Posterior probability that marker j is in the model (mean of d_j). */
  inclusion: Float64Array;
  intercept: number;
  fixed: Float64Array;
  residualVariance: number;
  probIn: number;
  /** BayesC: the posterior mean of σb²; BayesB: of the mean of the σb_j². */
  markerVariance: number;
  priors: BayesPriors & { s0: number; residualS0: number; msx: number };
  chain: Required<ChainSettings>;
  /** Draws kept per chain after burn-in and thinning. */
  kept: number;
  diagnostics: { residualVariance: ChainDiagnostic; geneticVariance: ChainDiagnostic; probIn: ChainDiagnostic; intercept: ChainDiagnostic };
  /** With keepSamples: per chain, the thinned draws of β (draw-major: draw k's effects at k·p) and of μ. */
  samples?: Array<{ effects: Float64Array; intercept: number[] }>;
}

/** A normal deviate source that keeps Box–Muller's second value. */
function normalSource(random: () => number): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - random()));
    const angle = 2 * Math.PI * random();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
}

const chiSquare = (df: number, random: () => number) => 2 * gammaDeviate(df / 2, random);

function variance(values: ArrayLike<number>): number {
  const n = values.length;
  let mean = 0;
  for (let i = 0; i < n; i += 1) mean += values[i]!;
  mean /= n;
  let sum = 0;
  for (let i = 0; i < n; i += 1) sum += (values[i]! - mean) ** 2;
  return sum / (n - 1);
}

interface ChainRun {
  sums: { effects: Float64Array; inclusion: Float64Array; intercept: number; fixed: Float64Array; residualVariance: number; probIn: number; markerVariance: number; count: number };
  traces: { residualVariance: number[]; geneticVariance: number[]; probIn: number[]; intercept: number[] };
  samples: Float64Array | null;
}

function runChain(input: BayesInput, priors: BayesFit['priors'], seed: number, x: Float64Array, x2: Float64Array, fixedX: Float64Array, fixedX2: Float64Array): ChainRun {
  const { y, method, chain } = input;
  const n = y.length;
  const p = x2.length;
  const q = fixedX2.length;
  const random = seededRandom(seed);
  const normal = normalSource(random);
  const isB = method === 'bayesb';

  let mu = 0;
  for (let i = 0; i < n; i += 1) mu += y[i]!;
  mu /= n;
  const e = Float64Array.from(y, (value) => value - mu);
  let varE = variance(e) * (1 - priors.r2);
  const b = new Float64Array(p);
  const d = new Uint8Array(p);
  for (let j = 0; j < p; j += 1) d[j] = random() < priors.probIn ? 1 : 0;
  const gamma = new Float64Array(q);
  let probIn = priors.probIn;
  let scale = priors.s0;
  const rate0 = (priors.shape0 - 1) / priors.s0;
  const varB = new Float64Array(isB ? p : 1).fill(isB ? priors.s0 / (priors.df0 + 2) : priors.s0);
  const countsIn = priors.counts * priors.probIn;
  const countsOut = priors.counts - countsIn;

  const kept = Math.max(0, Math.floor((chain.iterations - chain.burnIn) / chain.thin));
  const sums: ChainRun['sums'] = {
    effects: new Float64Array(p),
    inclusion: new Float64Array(p),
    intercept: 0,
    fixed: new Float64Array(q),
    residualVariance: 0,
    probIn: 0,
    markerVariance: 0,
    count: 0,
  };
  const traces: ChainRun['traces'] = { residualVariance: [], geneticVariance: [], probIn: [], intercept: [] };
  const samples = input.keepSamples ? new Float64Array(kept * p) : null;
  const signal = new Float64Array(n);

  for (let iteration = 1; iteration <= chain.iterations; iteration += 1) {
    // Intercept (flat prior).
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += e[i]! + mu;
    const muNew = sum / n + Math.sqrt(varE / n) * normal();
    for (let i = 0; i < n; i += 1) e[i] = e[i]! + mu - muNew;
    mu = muNew;

    // Covariates (flat priors; BGLR's FIXED: variance 1e10).
    for (let k = 0; k < q; k += 1) {
      const offset = k * n;
      let xe = 0;
      for (let i = 0; i < n; i += 1) xe += fixedX[offset + i]! * e[i]!;
      const c = fixedX2[k]! / varE + 1e-10;
      const value = (fixedX2[k]! * gamma[k]! + xe) / varE / c + Math.sqrt(1 / c) * normal();
      const delta = gamma[k]! - value;
      for (let i = 0; i < n; i += 1) e[i] = e[i]! + delta * fixedX[offset + i]!;
      gamma[k] = value;
    }

    // Markers: BGLR's sample_beta_BB_BCp.
    const logOddsPrior = Math.log(probIn / (1 - probIn));
    const c1 = -0.5 / varE;
    for (let j = 0; j < p; j += 1) {
      const offset = j * n;
      let xe = 0;
      for (let i = 0; i < n; i += 1) xe += x[offset + i]! * e[i]!;
      const bj = b[j]!;
      const was = d[j]!;
      const rss = was ? -bj * bj * x2[j]! - 2 * bj * xe : bj * bj * x2[j]! - 2 * bj * xe;
      const inside = random() < 1 / (1 + Math.exp(-(logOddsPrior + c1 * rss))) ? 1 : 0;
      d[j] = inside;
      if (inside !== was) {
        if (inside) {
          for (let i = 0; i < n; i += 1) e[i] = e[i]! - bj * x[offset + i]!;
          xe = 0;
          for (let i = 0; i < n; i += 1) xe += x[offset + i]! * e[i]!;
        } else {
          for (let i = 0; i < n; i += 1) e[i] = e[i]! + bj * x[offset + i]!;
        }
      }
      const variance = varB[isB ? j : 0]!;
      if (!inside) {
        b[j] = Math.sqrt(variance) * normal();
      } else {
        const c = x2[j]! / varE + 1 / variance;
        const value = (x2[j]! * bj + xe) / varE / c + Math.sqrt(1 / c) * normal();
        const delta = bj - value;
        for (let i = 0; i < n; i += 1) e[i] = e[i]! + delta * x[offset + i]!;
        b[j] = value;
      }
    }

    // Marker variances, then π.
    let inCount = 0;
    for (let j = 0; j < p; j += 1) inCount += d[j]!;
    if (isB) {
      let inverseSum = 0;
      for (let j = 0; j < p; j += 1) {
        varB[j] = (b[j]! * b[j]! + scale) / chiSquare(priors.df0 + 1, random);
        inverseSum += 1 / varB[j]!;
      }
      scale = gammaDeviate((p * priors.df0) / 2 + priors.shape0, random) / (inverseSum / 2 + rate0);
    } else {
      let squares = 0;
      for (let j = 0; j < p; j += 1) squares += b[j]! * b[j]!;
      varB[0] = (squares + priors.s0) / chiSquare(priors.df0 + p, random);
    }
    probIn = betaDeviate(inCount + countsIn + 1, p - inCount + countsOut + 1, random);

    // Residual variance.
    let squares = 0;
    for (let i = 0; i < n; i += 1) squares += e[i]! * e[i]!;
    varE = (squares + priors.residualS0) / chiSquare(n + priors.residualDf0, random);

    if (iteration <= chain.burnIn) continue;
    let markerVariance = 0;
    for (let j = 0; j < varB.length; j += 1) markerVariance += varB[j]!;
    markerVariance /= varB.length;
    for (let j = 0; j < p; j += 1) {
      if (d[j]) {
        sums.effects[j] = sums.effects[j]! + b[j]!;
        sums.inclusion[j] = sums.inclusion[j]! + 1;
      }
    }
    for (let k = 0; k < q; k += 1) sums.fixed[k] = sums.fixed[k]! + gamma[k]!;
    sums.intercept += mu;
    sums.residualVariance += varE;
    sums.probIn += probIn;
    sums.markerVariance += markerVariance;
    sums.count += 1;
    if ((iteration - chain.burnIn) % chain.thin !== 0) continue;
    // The genetic signal Xβ = y − μ − Fγ − e: its variance over the individuals.
    for (let i = 0; i < n; i += 1) signal[i] = y[i]! - mu - e[i]!;
    for (let k = 0; k < q; k += 1) for (let i = 0; i < n; i += 1) signal[i] = signal[i]! - gamma[k]! * fixedX[k * n + i]!;
    const draw = traces.residualVariance.length;
    traces.residualVariance.push(varE);
    traces.geneticVariance.push(variance(signal));
    traces.probIn.push(probIn);
    traces.intercept.push(mu);
    if (samples && draw < kept) for (let j = 0; j < p; j += 1) samples[draw * p + j] = d[j] ? b[j]! : 0;
  }
  return { sums, traces, samples };
}

/** BGLR's defaults for these data: the marker-variance scale S0 from R2, MSx and probIn, the residual scale from var(y). */
export function bayesPriors(columns: ArrayLike<number>[], y: Float64Array, given: Partial<BayesPriors> = {}): BayesFit['priors'] {
  const priors = { ...BGLR_PRIORS, ...given };
  const n = y.length;
  // MSx = Σ_j x_j'x_j / n − Σ_j x̄_j² (BGLR: the sum of the columns' variances, divisor n).
  let msx = 0;
  for (const column of columns) {
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < n; i += 1) {
      sum += column[i]!;
      squares += column[i]! * column[i]!;
    }
    msx += squares / n - (sum / n) ** 2;
  }
  const varY = variance(y);
  return {
    ...priors,
    msx,
    s0: ((varY * priors.r2) / msx) * ((priors.df0 + 2) / priors.probIn),
    residualS0: varY * (1 - priors.r2) * (priors.residualDf0 + 2),
  };
}

/** Runs the chains and pools their posterior means. */
export function fitBayes(input: BayesInput): BayesFit {
  const { columns, y, chain: given } = input;
  const chain: Required<ChainSettings> = { chains: 1, ...given };
  if (!(chain.iterations > chain.burnIn))
    throw new Error(`The chain has ${chain.iterations} iterations and a burn-in of ${chain.burnIn}: nothing would be kept. Make the iterations more than the burn-in.`);
  if (!(chain.thin >= 1)) throw new Error(`thin is ${chain.thin}; it must be 1 or more.`);
  const n = y.length;
  const p = columns.length;
  if (p === 0) throw new Error('BayesB and BayesC need at least one marker.');
  const x = new Float64Array(n * p);
  const x2 = new Float64Array(p);
  for (const [j, column] of columns.entries()) {
    if (column.length !== n) throw new Error(`Marker column ${j + 1} has ${column.length} values for ${n} individuals.`);
    let squares = 0;
    for (let i = 0; i < n; i += 1) {
      x[j * n + i] = column[i]!;
      squares += column[i]! * column[i]!;
    }
    x2[j] = squares;
  }
  const fixedColumns = input.fixed ?? [];
  const fixedX = new Float64Array(n * fixedColumns.length);
  const fixedX2 = new Float64Array(fixedColumns.length);
  for (const [k, column] of fixedColumns.entries())
    for (let i = 0; i < n; i += 1) {
      fixedX[k * n + i] = column[i]!;
      fixedX2[k] = fixedX2[k]! + column[i]! ** 2;
    }
  const priors = bayesPriors(columns, y, input.priors);
  if (!(priors.msx > 0)) throw new Error('No marker varies among the training individuals: BayesB and BayesC have nothing to fit.');
  const runs = Array.from({ length: chain.chains }, (_, index) => runChain(input, priors, chain.seed + index, x, x2, fixedX, fixedX2));

  const total = runs.reduce((count, run) => count + run.sums.count, 0);
  const pooled = (pick: (run: ChainRun) => number) => runs.reduce((sum, run) => sum + pick(run), 0) / total;
  const pooledVector = (pick: (run: ChainRun) => Float64Array, length: number) => {
    const result = new Float64Array(length);
    for (const run of runs) {
      const values = pick(run);
      for (let j = 0; j < length; j += 1) result[j] = result[j]! + values[j]!;
    }
    for (let j = 0; j < length; j += 1) result[j] = result[j]! / total;
    return result;
  };
  const diagnose = (pick: (run: ChainRun) => number[]) => chainDiagnostic(runs.map(pick));
  return {
    method: input.method,
    effects: pooledVector((run) => run.sums.effects, p),
    inclusion: pooledVector((run) => run.sums.inclusion, p),
    intercept: pooled((run) => run.sums.intercept),
    fixed: pooledVector((run) => run.sums.fixed, fixedColumns.length),
    residualVariance: pooled((run) => run.sums.residualVariance),
    probIn: pooled((run) => run.sums.probIn),
    markerVariance: pooled((run) => run.sums.markerVariance),
    priors,
    chain,
    kept: runs[0]!.traces.residualVariance.length,
    diagnostics: {
      residualVariance: diagnose((run) => run.traces.residualVariance),
      geneticVariance: diagnose((run) => run.traces.geneticVariance),
      probIn: diagnose((run) => run.traces.probIn),
      intercept: diagnose((run) => run.traces.intercept),
    },
    ...(input.keepSamples ? { samples: runs.map((run) => ({ effects: run.samples!, intercept: run.traces.intercept })) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Convergence diagnostics

const meanOf = (values: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) sum += values[i]!;
  return sum / values.length;
};

/**
 * Effective sample size of one or more chains of a scalar (Stan's estimator, Vehtari et al. 2021,
 * without rank normalisation): the autocorrelation at lag t is 1 − (W − mean autocovariance_t)/var⁺,
 * W the mean within-chain variance and var⁺ adding the variance between the chains' means, so
 * chains that disagree (one stuck in another mode) lower the ESS; the autocorrelations are summed
 * by Geyer's initial monotone sequence. ESS = mN/τ; a constant chain has ESS mN.
 */
export function effectiveSampleSize(chains: ArrayLike<number> | ArrayLike<number>[]): number {
  const list: ArrayLike<number>[] = typeof (chains as ArrayLike<number>[])[0] === 'number' ? [chains as ArrayLike<number>] : (chains as ArrayLike<number>[]);
  const m = list.length;
  const n = Math.min(...list.map((chain) => chain.length));
  if (n < 4) return m * n;
  const means = list.map((chain) => {
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += chain[i]!;
    return sum / n;
  });
  const autocovariance = (lag: number) => {
    let total = 0;
    for (const [c, chain] of list.entries()) {
      let sum = 0;
      for (let i = 0; i + lag < n; i += 1) sum += (chain[i]! - means[c]!) * (chain[i + lag]! - means[c]!);
      total += sum / n;
    }
    return total / m;
  };
  const acov0 = autocovariance(0);
  const within = (acov0 * n) / (n - 1);
  const grand = meanOf(means);
  const between = m > 1 ? means.reduce((sum, mean) => sum + (mean - grand) ** 2, 0) / (m - 1) : 0;
  const varPlus = ((n - 1) / n) * within + between;
  if (!(varPlus > 0)) return m * n;
  const rho = (lag: number) => (lag === 0 ? 1 : 1 - (within - autocovariance(lag)) / varPlus);
  let sum = 0;
  let previousPair = Number.POSITIVE_INFINITY;
  for (let k = 0; 2 * k + 1 < n; k += 1) {
    const pair = rho(2 * k) + rho(2 * k + 1);
    if (pair <= 0) break;
    const monotone = Math.min(pair, previousPair);
    sum += monotone;
    previousPair = monotone;
  }
  // Σ over pairs counts ρ_0 = 1 once: τ = −1 + 2 Σ pairs.
  const tau = Math.max(-1 + 2 * sum, 1 / Math.log10(m * n));
  return (m * n) / tau;
}

/** Geweke's z: the mean of the first 10 % against the last 50 %, each mean's variance var/ESS. */
export function gewekeZ(chain: ArrayLike<number>): number {
  const n = chain.length;
  const first = Array.from({ length: Math.max(2, Math.floor(0.1 * n)) }, (_, i) => chain[i]!);
  const last = Array.from({ length: Math.max(2, Math.floor(0.5 * n)) }, (_, i) => chain[n - Math.floor(0.5 * n) + i]!);
  const spread = (values: number[]) => {
    const m = meanOf(values);
    return values.reduce((sum, value) => sum + (value - m) ** 2, 0) / (values.length - 1);
  };
  const se2 = spread(first) / effectiveSampleSize(first) + spread(last) / effectiveSampleSize(last);
  return se2 > 0 ? (meanOf(first) - meanOf(last)) / Math.sqrt(se2) : 0;
}

/** Split R-hat (Gelman et al., BDA3 §11.4): each chain halved, between- against within-half variance. */
export function splitRHat(chains: ArrayLike<number>[]): number | null {
  if (chains.length < 2) return null;
  const half = Math.floor(Math.min(...chains.map((chain) => chain.length)) / 2);
  if (half < 2) return null;
  const pieces = chains.flatMap((chain) => [Array.from({ length: half }, (_, i) => chain[i]!), Array.from({ length: half }, (_, i) => chain[chain.length - half + i]!)]);
  const means = pieces.map(meanOf);
  const grand = meanOf(means);
  const between = (half / (pieces.length - 1)) * means.reduce((sum, m) => sum + (m - grand) ** 2, 0);
  const within = meanOf(pieces.map((piece, index) => piece.reduce((sum, value) => sum + (value - means[index]!) ** 2, 0) / (half - 1)));
  if (!(within > 0)) return between > 0 ? Number.POSITIVE_INFINITY : 1;
  return Math.sqrt(((half - 1) / half) * within + between / half) / Math.sqrt(within);
}

/** Mean, sd, ESS over the chains, Geweke's z of the first chain and split R-hat. */
export function chainDiagnostic(chains: number[][]): ChainDiagnostic {
  const all = chains.flat();
  const mean = meanOf(all);
  const sd = Math.sqrt(all.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, all.length - 1));
  return {
    mean,
    sd,
    ess: effectiveSampleSize(chains),
    gewekeZ: gewekeZ(chains[0]!),
    rHat: splitRHat(chains),
  };
}

/**
 * Where a chain counts as not converged, on σe² or the genetic variance: split R-hat above 1.1, a
 * Geweke z beyond ±3, or fewer than 50 effective draws. The Results tabs' cautions (report.json)
 * use the same bounds (pipeline-reports.test.ts holds them together).
 */
export const CONVERGENCE_BOUNDS = { rHatAbove: 1.1, gewekeZAbove: 3, essBelow: 50 } as const;

/** The worst of σe²'s and the genetic variance's diagnostics, and whether the chain passes CONVERGENCE_BOUNDS. */
export function convergenceOf(fit: BayesFit): { essMin: number; rHatMax: number | null; gewekeZMax: number; converged: boolean } {
  const { residualVariance: residual, geneticVariance: genetic } = fit.diagnostics;
  const rHats = [residual.rHat, genetic.rHat].filter((value): value is number => value !== null);
  const worst = {
    essMin: Math.min(residual.ess, genetic.ess),
    rHatMax: rHats.length > 0 ? Math.max(...rHats) : null,
    gewekeZMax: Math.max(Math.abs(residual.gewekeZ), Math.abs(genetic.gewekeZ)),
  };
  const converged = (worst.rHatMax ?? 1) <= CONVERGENCE_BOUNDS.rHatAbove && worst.gewekeZMax <= CONVERGENCE_BOUNDS.gewekeZAbove && worst.essMin >= CONVERGENCE_BOUNDS.essBelow;
  return { ...worst, converged };
}

/** One line for a run's log: ESS, Geweke's z and R-hat of σe² and of the genetic variance. */
export function describeDiagnostics(fit: BayesFit): string {
  const { residualVariance: residual, geneticVariance: genetic } = fit.diagnostics;
  const part = (name: string, diagnostic: ChainDiagnostic) =>
    `${name} ${diagnostic.mean.toPrecision(4)} (ESS ${diagnostic.ess.toFixed(0)}, Geweke z ${diagnostic.gewekeZ.toFixed(2)}${diagnostic.rHat === null ? '' : `, R-hat ${diagnostic.rHat.toFixed(3)}`})`;
  const warning = convergenceOf(fit).converged ? '' : '; the chain may not have converged: raise bayes_iterations and bayes_burn_in';
  return `${fit.chain.chains} × ${fit.chain.iterations} iterations (burn-in ${fit.chain.burnIn}, thin ${fit.chain.thin}): residual variance ${part('', residual).trim()}, genetic variance ${part('', genetic).trim()}, π ${fit.probIn.toFixed(3)}${warning}`;
}
