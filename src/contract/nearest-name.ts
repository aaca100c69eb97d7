/** Edit distances between names, for "did you mean" and the nearest-names suggestions (no database, no I/O). */

/**
 * Edit distance between a and b (case-insensitive), counted up to `limit`: a band of 2·limit+1
 * cells per row, so a pair of 200-character names costs 4,000 steps instead of 40,000; beyond
 * the limit it answers limit + 1.
 */
export function boundedDistance(a: string, b: string, limit: number): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  const far = limit + 1;
  let previous = new Uint16Array(y.length + 1);
  let current = new Uint16Array(y.length + 1);
  for (let j = 0; j <= y.length; j += 1) previous[j] = Math.min(j, far);
  for (let i = 1; i <= x.length; i += 1) {
    const from = Math.max(1, i - limit);
    const to = Math.min(y.length, i + limit);
    current.fill(far);
    current[0] = Math.min(i, far);
    let best = current[0]!;
    for (let j = from; j <= to; j += 1) {
      const substitution = previous[j - 1]! + (x.charCodeAt(i - 1) === y.charCodeAt(j - 1) ? 0 : 1);
      const value = Math.min(far, substitution, previous[j]! + 1, current[j - 1]! + 1);
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > limit) return far;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[y.length]!, far);
}

/**
 * The candidate nearest to `name` (case-insensitive), within `limit` edits, or undefined: a
 * misspelt parameter's "did you mean". A name of up to three letters is allowed one edit only,
 * and one letter none (`_` is one edit from `q`): every short name is within two of another.
 */
export function nearestName(name: string, candidates: readonly string[], limit: number): string | undefined {
  const allowed = name.length <= 3 ? Math.min(limit, 1, name.length - 1) : limit;
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = boundedDistance(name, candidate, allowed);
    if (distance <= allowed && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}
