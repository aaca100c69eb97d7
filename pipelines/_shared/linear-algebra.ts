/**
 * Dense linear algebra on Float64Array (row-major), for the n × n problems of genomic
 * prediction: the marker Gram matrix, Cholesky solves and a symmetric eigendecomposition
 * (ml-matrix's). n is the number of individuals (hundreds), m the markers (tens of thousands).
 */
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';

/**
 * K = Z Z' for Z given marker by marker (`columns[k][i]` = individual i's value of marker k).
 * Markers are copied in blocks to individual-major rows so the inner loop reads contiguous
 * memory, and a 2 × 2 register block shares each load between two products: about 1.4 s for
 * 500 × 20,000 on one core (numpy with Debian's BLAS: 2.4 s).
 */
export function gram(columns: ArrayLike<number>[], n: number): Float64Array {
  const width = 256;
  const rows = n + (n % 2);
  const gramMatrix = new Float64Array(n * n);
  const block = new Float64Array(rows * width);
  for (let first = 0; first < columns.length; first += width) {
    const count = Math.min(width, columns.length - first);
    if (count < width) block.fill(0);
    for (let k = 0; k < count; k += 1) {
      const column = columns[first + k]!;
      for (let i = 0; i < n; i += 1) block[i * width + k] = column[i]!;
    }
    for (let i = 0; i < n; i += 2) {
      const a0 = i * width;
      const a1 = a0 + width;
      for (let j = 0; j <= i; j += 2) {
        const b0 = j * width;
        const b1 = b0 + width;
        let s00 = 0;
        let s01 = 0;
        let s10 = 0;
        let s11 = 0;
        for (let k = 0; k < width; k += 1) {
          const x0 = block[a0 + k]!;
          const x1 = block[a1 + k]!;
          const y0 = block[b0 + k]!;
          const y1 = block[b1 + k]!;
          s00 += x0 * y0;
          s01 += x0 * y1;
          s10 += x1 * y0;
          s11 += x1 * y1;
        }
        gramMatrix[i * n + j]! += s00;
        if (j + 1 < n) gramMatrix[i * n + j + 1]! += s01;
        if (i + 1 < n) {
          gramMatrix[(i + 1) * n + j]! += s10;
          if (j + 1 < n) gramMatrix[(i + 1) * n + j + 1]! += s11;
        }
      }
    }
  }
  for (let i = 0; i < n; i += 1) for (let j = i + 1; j < n; j += 1) gramMatrix[i * n + j] = gramMatrix[j * n + i]!;
  return gramMatrix;
}

/** The lower Cholesky factor L of a symmetric positive-definite A (n × n); null if A is not. */
export function cholesky(a: Float64Array, n: number): Float64Array | null {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) {
    const li = i * n;
    for (let j = 0; j <= i; j += 1) {
      const lj = j * n;
      let sum = a[li + j]!;
      for (let k = 0; k < j; k += 1) sum -= l[li + k]! * l[lj + k]!;
      if (i === j) {
        if (!(sum > 0)) return null;
        l[li + i] = Math.sqrt(sum);
      } else {
        l[li + j] = sum / l[lj + j]!;
      }
    }
  }
  return l;
}

/** Solves L L' x = b with L from `cholesky`. */
export function choleskySolve(l: Float64Array, n: number, b: ArrayLike<number>): Float64Array {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    let sum = b[i]!;
    for (let k = 0; k < i; k += 1) sum -= l[i * n + k]! * y[k]!;
    y[i] = sum / l[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i -= 1) {
    let sum = y[i]!;
    for (let k = i + 1; k < n; k += 1) sum -= l[k * n + i]! * x[k]!;
    x[i] = sum / l[i * n + i]!;
  }
  return x;
}

/** Eigenvalues (ascending) and eigenvectors (as columns, `vectors[i * n + j]` = vector j's entry i) of a symmetric matrix. */
export function symmetricEigen(a: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const matrix = new Matrix(n, n);
  for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) matrix.set(i, j, a[i * n + j]!);
  const decomposition = new EigenvalueDecomposition(matrix, { assumeSymmetric: true });
  const vectors = new Float64Array(n * n);
  const v = decomposition.eigenvectorMatrix;
  for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) vectors[i * n + j] = v.get(i, j);
  return { values: Float64Array.from(decomposition.realEigenvalues), vectors };
}

/**
 * An orthonormal basis of the columns' span (modified Gram–Schmidt); columns that add nothing
 * (constant, or a copy of earlier ones) are left out and reported by index.
 */
export function orthonormalBasis(columns: Float64Array[]): { basis: Float64Array[]; dropped: number[] } {
  const basis: Float64Array[] = [];
  const dropped: number[] = [];
  for (const [index, column] of columns.entries()) {
    const v = Float64Array.from(column);
    const originalNorm = Math.sqrt(v.reduce((sum, value) => sum + value * value, 0));
    for (let pass = 0; pass < 2; pass += 1) {
      for (const b of basis) {
        let dot = 0;
        for (let i = 0; i < v.length; i += 1) dot += v[i]! * b[i]!;
        for (let i = 0; i < v.length; i += 1) v[i]! -= dot * b[i]!;
      }
    }
    const norm = Math.sqrt(v.reduce((sum, value) => sum + value * value, 0));
    if (originalNorm === 0 || norm <= 1e-9 * originalNorm) {
      dropped.push(index);
      continue;
    }
    for (let i = 0; i < v.length; i += 1) v[i]! /= norm;
    basis.push(v);
  }
  return { basis, dropped };
}
