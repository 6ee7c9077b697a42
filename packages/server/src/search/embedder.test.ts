import { describe, expect, it } from 'vitest';
import { dot, normalize } from './embedder.js';

describe('dot (cosine similarity of unit vectors)', () => {
  // float32 rounding: this unit vector's components square-sum to 1.0000000103, and the API
  // documents similarity within −1..1 and the score of similar feedback within 0..1.
  it('stays within −1..1 where float32 rounding would leave it', () => {
    const vector = normalize(Float32Array.of(1, 2, 3));
    expect(dot(vector, vector)).toBe(1);
    expect(
      dot(
        vector,
        vector.map((value) => -value),
      ),
    ).toBe(-1);
  });

  it('is the plain dot product inside that range', () => {
    expect(dot(Float32Array.of(0.6, 0.8), Float32Array.of(0.8, 0.6))).toBeCloseTo(0.96, 6);
  });
});
