/**
 * Random forest regression as ranger grows it (Wright & Ziegler 2017), written here: npm's
 * ml-random-forest draws one feature subset per tree (random subspaces), not `mtry` features at
 * every split as Breiman's forest does, so its accuracy is not ranger's or randomForest's.
 *
 * Each tree: a bootstrap sample of the training rows (n draws with replacement); a node of at
 * most `minNodeSize` draws, or with one value of y, is a leaf; otherwise `mtry` features drawn
 * without replacement are tried and the split maximising Σ_left²/n_left + Σ_right²/n_right
 * (the variance rule) is taken at the midpoint between two adjacent values. A leaf predicts the
 * mean of its draws; the forest, the mean of its trees. Rows a tree did not draw are its
 * out-of-bag rows, which score the forest without held-out data (tuning, below).
 *
 * Features are indexed once per training set (the sorted distinct values of each over the
 * training rows, and each row's rank among them), so a node counts its draws per value (ranger's
 * method for features with few values, as genotypes have) or, when a feature has many values
 * and the node few draws, sorts them.
 */
import { seededRandom } from './stats.ts';

export interface ForestSettings {
  trees: number;
  /** Features tried at each split. */
  mtry: number;
  /** A node of this many draws or fewer is not split. */
  minNodeSize: number;
}

/** ranger's regression defaults: 500 trees, mtry ⌊√p⌋, min.node.size 5. */
export const forestDefaults = (features: number): ForestSettings => ({ trees: 500, mtry: Math.max(1, Math.floor(Math.sqrt(features))), minNodeSize: 5 });

/**
 * The grid tuned over, 200 trees a point (enough to rank them by out-of-bag error): mtry ⌊√p⌋
 * (ranger's default) and ⌊3√p⌋, minimum node size 5 (ranger's default) and 10. randomForest's
 * p/3 is left out: with 10,000 markers it tries 3,333 features a split, 30 times ⌊√p⌋'s work.
 */
export function forestGrid(features: number): ForestSettings[] {
  const root = Math.max(1, Math.floor(Math.sqrt(features)));
  const mtry = [...new Set([root, Math.min(features, 3 * root)])];
  return mtry.flatMap((m) => [5, 10].map((minNodeSize) => ({ trees: 200, mtry: m, minNodeSize })));
}

/** The training rows' features, indexed for splitting: per feature the sorted distinct values and each row's rank. */
export interface IndexedFeatures {
  rows: number[];
  values: Float64Array[];
  /** Uint8Array when a feature has at most 256 values (genotypes), so more of them stay in cache. */
  ranks: Array<Uint8Array | Uint16Array | Uint32Array>;
}

/** `columns` hold each feature over every individual; `rows` are the training individuals. */
export function indexFeatures(columns: ArrayLike<number>[], rows: number[]): IndexedFeatures {
  const values: Float64Array[] = [];
  const ranks: IndexedFeatures['ranks'] = [];
  for (const column of columns) {
    const own = Float64Array.from(rows, (row) => column[row]!);
    const sorted = Float64Array.from(own).sort();
    let unique = 0;
    for (let i = 0; i < sorted.length; i += 1) if (i === 0 || sorted[i] !== sorted[unique - 1]) sorted[unique++] = sorted[i]!;
    const distinct = sorted.slice(0, unique);
    values.push(distinct);
    const ranked = Array.from(own, (value) => binarySearch(distinct, value));
    ranks.push(distinct.length <= 256 ? Uint8Array.from(ranked) : distinct.length <= 65_536 ? Uint16Array.from(ranked) : Uint32Array.from(ranked));
  }
  return { rows, values, ranks };
}

function binarySearch(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** One tree in arrays: node i splits on feature[i] at threshold[i] (≤ goes left), or is a leaf (feature −1) predicting value[i]. */
export interface Tree {
  feature: Int32Array;
  threshold: Float64Array;
  left: Int32Array;
  right: Int32Array;
  value: Float64Array;
}

export interface Forest {
  settings: ForestSettings;
  trees: Tree[];
  /** Mean squared error of the out-of-bag predictions (rows no tree left out are skipped). */
  oobError: number;
  /** The forest's prediction from a feature getter (the feature's index among the columns). */
  predictOne(feature: (index: number) => number): number;
}

export function predictTree(tree: Tree, feature: (index: number) => number): number {
  let node = 0;
  while (tree.feature[node]! >= 0) node = feature(tree.feature[node]!) <= tree.threshold[node]! ? tree.left[node]! : tree.right[node]!;
  return tree.value[node]!;
}

/** A tree as a model file keeps it: per node [feature, threshold, left, right, value], feature −1 for a leaf (genomic-model.ts applies it). */
export const saveTree = (tree: Tree): number[][] =>
  Array.from(tree.feature, (feature, node) => (feature < 0 ? [-1, 0, -1, -1, tree.value[node]!] : [feature, tree.threshold[node]!, tree.left[node]!, tree.right[node]!, tree.value[node]!]));

/** The forest's prediction: the mean of its trees'. */
export function predictForest(trees: Tree[], feature: (index: number) => number): number {
  let sum = 0;
  for (const tree of trees) sum += predictTree(tree, feature);
  return sum / trees.length;
}

/** Grow a forest on the indexed training rows with y in the same order, seeded. */
export function growForest(indexed: IndexedFeatures, y: ArrayLike<number>, settings: ForestSettings, seed: number): Forest {
  const random = seededRandom(seed);
  const n = indexed.rows.length;
  const p = indexed.values.length;
  const mtry = Math.min(settings.mtry, p);
  const trees: Tree[] = [];
  const oobSum = new Float64Array(n);
  const oobCount = new Uint32Array(n);
  const yValues = Float64Array.from({ length: n }, (_, i) => y[i]!);
  const draws = new Float64Array(n);
  const candidates = Int32Array.from({ length: p }, (_, k) => k);
  const maxValues = indexed.values.reduce((most, values) => Math.max(most, values.length), 0);
  const work: Workspace = { countAt: new Float64Array(maxValues), sumAt: new Float64Array(maxValues), order: new Int32Array(n), candidates };
  for (let t = 0; t < settings.trees; t += 1) {
    // The bootstrap sample as how often each row was drawn: a node visits each drawn row once,
    // weighted by its count, which splits exactly as visiting every draw does.
    draws.fill(0);
    for (let i = 0; i < n; i += 1) draws[Math.floor(random() * n)]! += 1;
    const tree = growTree(indexed, yValues, draws, settings.minNodeSize, mtry, random, work);
    trees.push(tree);
    for (let i = 0; i < n; i += 1) {
      if (draws[i]! > 0) continue;
      oobSum[i]! += predictTree(tree, (k) => indexed.values[k]![indexed.ranks[k]![i]!]!);
      oobCount[i]! += 1;
    }
  }
  let squares = 0;
  let counted = 0;
  for (let i = 0; i < n; i += 1) {
    if (oobCount[i] === 0) continue;
    squares += (oobSum[i]! / oobCount[i]! - yValues[i]!) ** 2;
    counted += 1;
  }
  return { settings, trees, oobError: counted ? squares / counted : Number.POSITIVE_INFINITY, predictOne: (feature) => predictForest(trees, feature) };
}

/** The node's draws and their sum of y per value of a feature (kept small, and one per rank array type, so V8 optimises each on its own). */
function countDraws8(samples: Int32Array, start: number, end: number, ranks: Uint8Array, draws: Float64Array, y: Float64Array, countAt: Float64Array, sumAt: Float64Array, distinct: number): void {
  countAt.fill(0, 0, distinct);
  sumAt.fill(0, 0, distinct);
  for (let s = start; s < end; s += 1) {
    const sample = samples[s]!;
    const rank = ranks[sample]!;
    const weight = draws[sample]!;
    countAt[rank]! += weight;
    sumAt[rank]! += weight * y[sample]!;
  }
}

function countDraws(
  samples: Int32Array,
  start: number,
  end: number,
  ranks: Uint16Array | Uint32Array,
  draws: Float64Array,
  y: Float64Array,
  countAt: Float64Array,
  sumAt: Float64Array,
  distinct: number,
): void {
  countAt.fill(0, 0, distinct);
  sumAt.fill(0, 0, distinct);
  for (let s = start; s < end; s += 1) {
    const sample = samples[s]!;
    const rank = ranks[sample]!;
    const weight = draws[sample]!;
    countAt[rank]! += weight;
    sumAt[rank]! += weight * y[sample]!;
  }
}

interface Workspace {
  countAt: Float64Array;
  sumAt: Float64Array;
  order: Int32Array;
  candidates: Int32Array;
}

/** One tree on the rows drawn (`draws[i]` times each), nodes split until `minNodeSize` draws or one value of y. */
function growTree(indexed: IndexedFeatures, y: Float64Array, draws: Float64Array, minNodeSize: number, mtry: number, random: () => number, work: Workspace): Tree {
  const { countAt, sumAt, order, candidates } = work;
  const feature: number[] = [];
  const threshold: number[] = [];
  const left: number[] = [];
  const right: number[] = [];
  const value: number[] = [];
  const drawn: number[] = [];
  for (let i = 0; i < draws.length; i += 1) if (draws[i]! > 0) drawn.push(i);
  const samples = Int32Array.from(drawn);
  const p = candidates.length;
  // Nodes to split: [node, start, end) over `samples`.
  const stack: Array<[number, number, number]> = [];
  const newNode = () => {
    feature.push(-1);
    threshold.push(0);
    left.push(-1);
    right.push(-1);
    value.push(0);
    return feature.length - 1;
  };
  stack.push([newNode(), 0, samples.length]);
  while (stack.length > 0) {
    const [node, start, end] = stack.pop()!;
    let size = 0;
    let total = 0;
    let pure = true;
    const first = y[samples[start]!]!;
    for (let s = start; s < end; s += 1) {
      const sample = samples[s]!;
      const target = y[sample]!;
      size += draws[sample]!;
      total += draws[sample]! * target;
      if (target !== first) pure = false;
    }
    value[node] = total / size;
    if (size <= minNodeSize || pure) continue;
    const rows = end - start;
    let bestScore = Number.NEGATIVE_INFINITY;
    let bestFeature = -1;
    let bestRank = -1;
    // mtry features without replacement: a partial Fisher–Yates shuffle of the candidates.
    for (let c = 0; c < mtry; c += 1) {
      const pick = c + Math.floor(random() * (p - c));
      const k = candidates[pick]!;
      candidates[pick] = candidates[c]!;
      candidates[c] = k;
      const ranks = indexed.ranks[k]!;
      const distinct = indexed.values[k]!.length;
      if (distinct < 2) continue;
      if (distinct <= 4 * rows) {
        // Count the node's draws per value, then scan the cut points between values.
        if (ranks instanceof Uint8Array) countDraws8(samples, start, end, ranks, draws, y, countAt, sumAt, distinct);
        else countDraws(samples, start, end, ranks, draws, y, countAt, sumAt, distinct);
        let countLeft = 0;
        let sumLeft = 0;
        for (let rank = 0; rank < distinct - 1; rank += 1) {
          if (countAt[rank] === 0) continue;
          countLeft += countAt[rank]!;
          sumLeft += sumAt[rank]!;
          const countRight = size - countLeft;
          if (countRight === 0) break;
          const score = (sumLeft * sumLeft) / countLeft + ((total - sumLeft) * (total - sumLeft)) / countRight;
          if (score > bestScore) {
            bestScore = score;
            bestFeature = k;
            bestRank = rank;
          }
        }
      } else {
        // Few rows, many values: sort the rows by value.
        for (let s = start; s < end; s += 1) order[s - start] = samples[s]!;
        const sorted = order.subarray(0, rows).sort((a, b) => ranks[a]! - ranks[b]!);
        let countLeft = 0;
        let sumLeft = 0;
        for (let s = 0; s < rows - 1; s += 1) {
          const sample = sorted[s]!;
          countLeft += draws[sample]!;
          sumLeft += draws[sample]! * y[sample]!;
          const rank = ranks[sample]!;
          if (rank === ranks[sorted[s + 1]!]) continue;
          const countRight = size - countLeft;
          const score = (sumLeft * sumLeft) / countLeft + ((total - sumLeft) * (total - sumLeft)) / countRight;
          if (score > bestScore) {
            bestScore = score;
            bestFeature = k;
            bestRank = rank;
          }
        }
      }
    }
    if (bestFeature < 0) continue;
    // The threshold halfway to the next value among the node's draws, as ranger places it.
    const values = indexed.values[bestFeature]!;
    const ranks = indexed.ranks[bestFeature]!;
    let nextRank = values.length - 1;
    for (let s = start; s < end; s += 1) {
      const rank = ranks[samples[s]!]!;
      if (rank > bestRank && rank < nextRank) nextRank = rank;
    }
    feature[node] = bestFeature;
    threshold[node] = (values[bestRank]! + values[nextRank]!) / 2;
    // Partition the node's rows: rank ≤ bestRank to the left.
    let middle = start;
    for (let s = start; s < end; s += 1) {
      if (ranks[samples[s]!]! <= bestRank) {
        const swap = samples[middle]!;
        samples[middle] = samples[s]!;
        samples[s] = swap;
        middle += 1;
      }
    }
    const leftNode = newNode();
    const rightNode = newNode();
    left[node] = leftNode;
    right[node] = rightNode;
    stack.push([rightNode, middle, end], [leftNode, start, middle]);
  }
  return {
    feature: Int32Array.from(feature),
    threshold: Float64Array.from(threshold),
    left: Int32Array.from(left),
    right: Int32Array.from(right),
    value: Float64Array.from(value),
  };
}

/**
 * The grid point with the lowest out-of-bag error on the training rows, and its forest. Out-of-bag
 * rows are training rows a tree did not draw, so the choice uses nothing of a held-out individual;
 * it replaces an inner cross-validation, which would grow five times as many forests.
 */
export function tunedForest(indexed: IndexedFeatures, y: ArrayLike<number>, seed: number, grid = forestGrid(indexed.values.length)): Forest {
  let best: Forest | null = null;
  for (const settings of grid) {
    const forest = growForest(indexed, y, settings, seed);
    if (!best || forest.oobError < best.oobError) best = forest;
  }
  return best!;
}
