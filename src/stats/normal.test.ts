import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { erfc, normalCdf, normalSf } from './normal.ts';

/** |actual - expected| within `rel` of |expected| (exact equality for 0). */
function near(actual: number, expected: number, rel: number, what: string): void {
  const ok = expected === 0 ? actual === 0 : Math.abs(actual - expected) <= rel * Math.abs(expected);
  assert.ok(ok, `${what}: expected ${expected}, got ${actual} (relative error ${Math.abs(actual - expected) / Math.abs(expected)})`);
}

void describe('erfc (Cody 1969)', () => {
  void it('matches scipy.special.erfc on all three intervals and in the tails', () => {
    // Each expected value is float(scipy.special.erfc(x)), scipy 1.17.1.
    const cases: [number, number][] = [
      [0, 1],
      [0.1, 0.8875370839817152],
      [-0.3, 1.3286267594591274],
      [0.46875, 0.507386526782062], // the edge of the first interval
      [0.5, 0.4795001221869535],
      [1, 0.15729920705028516],
      [-1, 1.8427007929497148],
      [2, 0.004677734981047266],
      [3.5, 7.430983723414129e-7],
      [4, 1.541725790028002e-8], // the edge of the second interval
      [4.5, 1.9661604415428878e-10],
      [6, 2.1519736712498913e-17],
      [10, 2.0884875837625446e-45],
      [26, 5.663192408856145e-296],
      [-5, 1.9999999999984626],
    ];
    for (const [x, expected] of cases) near(erfc(x), expected, 1e-13, `erfc(${x})`);
  });

  void it('is 0 past underflow, 2 at -Infinity, NaN for NaN', () => {
    assert.equal(erfc(27), 0); // scipy.special.erfc(27) == 0.0
    assert.equal(erfc(Infinity), 0);
    assert.equal(erfc(-Infinity), 2);
    assert.ok(Number.isNaN(erfc(Number.NaN)));
  });
});

void describe('standard normal tail', () => {
  void it('matches scipy.stats.norm.sf / norm.cdf out to |z| = 8', () => {
    // [z, float(scipy.stats.norm.sf(z)), float(scipy.stats.norm.cdf(z))], scipy 1.17.1.
    const cases: [number, number, number][] = [
      [0, 0.5, 0.5],
      [1, 0.15865525393145707, 0.8413447460685429],
      [1.959963984540054, 0.025, 0.975],
      [-1.5, 0.9331927987311419, 0.06680720126885807],
      [3, 0.0013498980316300933, 0.9986501019683699],
      [5, 2.866515718791933e-7, 0.9999997133484281],
      [8, 6.22096057427174e-16, 0.9999999999999993],
      [-8, 0.9999999999999993, 6.22096057427174e-16],
    ];
    for (const [z, sf, cdf] of cases) {
      near(normalSf(z), sf, 1e-13, `sf(${z})`);
      near(normalCdf(z), cdf, 1e-13, `cdf(${z})`);
    }
  });

  void it('sf(z) + cdf(z) = 1 and sf(-z) = cdf(z)', () => {
    for (const z of [-3.2, -0.7, 0, 0.25, 1.1, 2.6]) {
      assert.ok(Math.abs(normalSf(z) + normalCdf(z) - 1) < 1e-15, `z = ${z}`);
      assert.equal(normalSf(-z), normalCdf(z));
    }
  });
});
