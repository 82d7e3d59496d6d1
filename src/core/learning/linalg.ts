/**
 * Small dense linear algebra for the bandits: square matrices stored row-major in a Float64Array
 * of length d·d. Sizes are tiny (d ≤ ~20), so plain loops beat anything clever.
 */

/** scale·I of size d. */
export function identity(d: number, scale = 1): Float64Array {
  const m = new Float64Array(d * d);
  for (let i = 0; i < d; i++) m[i * d + i] = scale;
  return m;
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** m·x for a d×d matrix m. */
export function matVec(m: Float64Array, x: ArrayLike<number>, d: number): Float64Array {
  const out = new Float64Array(d);
  for (let i = 0; i < d; i++) {
    let s = 0;
    for (let j = 0; j < d; j++) s += m[i * d + j]! * x[j]!;
    out[i] = s;
  }
  return out;
}

/**
 * In place, turn A⁻¹ into (A + xxᵀ)⁻¹ by Sherman–Morrison:
 * (A + xxᵀ)⁻¹ = A⁻¹ − (A⁻¹x)(xᵀA⁻¹) / (1 + xᵀA⁻¹x). A⁻¹ is symmetric, so both factors are
 * u = A⁻¹x, and writing u_i·u_j keeps the result exactly symmetric in floating point.
 */
export function shermanMorrison(aInv: Float64Array, x: ArrayLike<number>, d: number): void {
  const u = matVec(aInv, x, d);
  const denom = 1 + dot(x, u);
  for (let i = 0; i < d; i++) {
    const ui = u[i]! / denom;
    for (let j = 0; j < d; j++) aInv[i * d + j] = aInv[i * d + j]! - ui * u[j]!;
  }
}

/**
 * Lower-triangular L with L·Lᵀ = m, for symmetric positive (semi)definite m. Rounding in repeated
 * Sherman–Morrison updates can push a pivot a hair below zero; it is clamped to 0 rather than
 * producing NaN.
 */
export function cholesky(m: Float64Array, d: number): Float64Array {
  const l = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let s = m[i * d + j]!;
      for (let k = 0; k < j; k++) s -= l[i * d + k]! * l[j * d + k]!;
      if (i === j) l[i * d + i] = Math.sqrt(Math.max(s, 0));
      else {
        const pivot = l[j * d + j]!;
        l[i * d + j] = pivot > 0 ? s / pivot : 0;
      }
    }
  }
  return l;
}

/** Direct inverse by Gauss–Jordan with partial pivoting; throws on a singular matrix. */
export function invert(m: Float64Array, d: number): Float64Array {
  const a = Float64Array.from(m);
  const inv = identity(d);
  for (let col = 0; col < d; col++) {
    let pivot = col;
    for (let r = col + 1; r < d; r++)
      if (Math.abs(a[r * d + col]!) > Math.abs(a[pivot * d + col]!)) pivot = r;
    if (Math.abs(a[pivot * d + col]!) < 1e-12) throw new Error('invert: matrix is singular');
    if (pivot !== col) {
      for (let k = 0; k < d; k++) {
        swap(a, pivot * d + k, col * d + k);
        swap(inv, pivot * d + k, col * d + k);
      }
    }
    const p = a[col * d + col]!;
    for (let k = 0; k < d; k++) {
      a[col * d + k] = a[col * d + k]! / p;
      inv[col * d + k] = inv[col * d + k]! / p;
    }
    for (let r = 0; r < d; r++) {
      if (r === col) continue;
      const f = a[r * d + col]!;
      if (f === 0) continue;
      for (let k = 0; k < d; k++) {
        a[r * d + k] = a[r * d + k]! - f * a[col * d + k]!;
        inv[r * d + k] = inv[r * d + k]! - f * inv[col * d + k]!;
      }
    }
  }
  return inv;
}

function swap(m: Float64Array, i: number, j: number): void {
  const t = m[i]!;
  m[i] = m[j]!;
  m[j] = t;
}
