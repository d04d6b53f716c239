import { describe, expect, it } from 'vitest';
import { pValueText, signedPercent } from './split-test-labels';

describe('split test figures in Russian', () => {
  it('formats', () => {
    expect(signedPercent(0)).toBe('0 %');
    expect(pValueText(0.0004)).toBe('< 0,001');
    expect(pValueText(0.0345)).toBe('0,035');
    expect(pValueText(0.05, true)).toBe('≥ 0,05');
  });
});
