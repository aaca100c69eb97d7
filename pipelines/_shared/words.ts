/**
 * A count and its noun in agreement, for logs and messages: `counted(1, 'component')` is
 * "1 component", `counted(3, 'component')` "3 components", `counted(1, 'spectrum', 'spectra')`
 * "1 spectrum". Large counts get thousands separators.
 */
export const counted = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
