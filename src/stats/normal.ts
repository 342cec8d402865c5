/**
 * The complementary error function and the standard normal tail, for the normal
 * approximations (Mann-Whitney U). JavaScript has no erf; this is W. J. Cody's rational
 * Chebyshev approximation ("Rational Chebyshev approximations for the error function",
 * Math. Comp. 23 (1969) 631-638, as coded in netlib SPECFUN's CALERF, March 1990), good to
 * about 1e-15 relative on all of its three intervals, the tails included. A cheaper
 * approximation (Numerical Recipes' erfcc, 1.2e-7) would do for a verdict, but then the
 * p-values printed would not agree with scipy's to the digits people check.
 */

// Cody's coefficients (SPECFUN CALERF), published to 18 digits and written here as the
// nearest doubles, which is what the 18-digit literals would parse to anyway.
/** erf on |x| <= 0.46875. */
const A = [3.1611237438705655, 113.86415415105016, 377.485237685302, 3209.3775891384694, 0.18577770618460315];
const B = [23.601290952344122, 244.02463793444417, 1282.6165260773723, 2844.236833439171];
/** erfc on 0.46875 < |x| <= 4. */
const C = [
  0.5641884969886701, 8.883149794388377, 66.11919063714163, 298.6351381974001, 881.952221241769, 1712.0476126340707, 2051.0783778260716,
  1230.3393547979972, 2.1531153547440383e-8,
];
const D = [
  15.744926110709835, 117.6939508913125, 537.1811018620099, 1621.3895745666903, 3290.7992357334597, 4362.619090143247, 3439.3676741437216,
  1230.3393548037495,
];
/** erfc on |x| > 4, in 1/x^2. */
const P = [0.30532663496123236, 0.36034489994980445, 0.12578172611122926, 0.016083785148742275, 0.0006587491615298378, 0.016315387137302097];
const Q = [2.568520192289822, 1.8729528499234604, 0.5279051029514285, 0.06051834131244132, 0.0023352049762686918];

const SQRT_1_PI = 0.5641895835477563;
/** Past this erfc(x) underflows to 0 in double precision (Cody's XBIG). */
const X_BIG = 26.543;

function at(xs: readonly number[], i: number): number {
  return xs[i] ?? Number.NaN;
}

/**
 * exp(-y^2) without the cancellation of computing y^2 whole: y^2 is split into the square
 * of y cut to a multiple of 1/16 (exact in binary) and a small remainder (Cody's trick).
 */
function expMinusSquare(y: number): number {
  const ySixteenths = Math.trunc(y * 16) / 16;
  const rest = (y - ySixteenths) * (y + ySixteenths);
  return Math.exp(-ySixteenths * ySixteenths) * Math.exp(-rest);
}

/** erfc(|x|) for |x| > 0.46875. */
function erfcTail(y: number): number {
  if (y >= X_BIG) return 0;
  let num: number;
  let den: number;
  let r: number;
  if (y <= 4) {
    num = at(C, 8) * y;
    den = y;
    for (let i = 0; i < 7; i++) {
      num = (num + at(C, i)) * y;
      den = (den + at(D, i)) * y;
    }
    r = (num + at(C, 7)) / (den + at(D, 7));
  } else {
    const z = 1 / (y * y);
    num = at(P, 5) * z;
    den = z;
    for (let i = 0; i < 4; i++) {
      num = (num + at(P, i)) * z;
      den = (den + at(Q, i)) * z;
    }
    r = (SQRT_1_PI - (z * (num + at(P, 4))) / (den + at(Q, 4))) / y;
  }
  return expMinusSquare(y) * r;
}

/** The complementary error function, erfc(x) = 1 - erf(x), for any x (NaN gives NaN). */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const y = Math.abs(x);
  if (y <= 0.46875) {
    // erf by its own rational function; 1 - erf loses nothing here, erfc is in [0.5, 1.5].
    const ysq = y * y;
    let num = at(A, 4) * ysq;
    let den = ysq;
    for (let i = 0; i < 3; i++) {
      num = (num + at(A, i)) * ysq;
      den = (den + at(B, i)) * ysq;
    }
    return 1 - (x * (num + at(A, 3))) / (den + at(B, 3));
  }
  const tail = erfcTail(y);
  return x < 0 ? 2 - tail : tail;
}

/** P(Z > z) for a standard normal Z: the upper tail, accurate far out (no 1 - cdf). */
export function normalSf(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

/** P(Z <= z) for a standard normal Z. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}
