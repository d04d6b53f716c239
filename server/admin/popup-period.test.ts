import { describe, expect, it } from 'vitest';
import { popupPeriod } from './popup-period';

describe('the pop-ups page period', () => {
  it('defaults to the last 14 Moscow days and puts a reversed period right', () => {
    expect(popupPeriod({}, Date.UTC(2026, 10, 23, 9))).toEqual({ from: '2026-11-10', to: '2026-11-23' });
    expect(popupPeriod({ from: '2026-11-20', to: '2026-11-01' })).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    expect(popupPeriod({ from: 'x', to: '2026-11-05' })).toEqual({ from: '2026-10-23', to: '2026-11-05' });
  });
});
