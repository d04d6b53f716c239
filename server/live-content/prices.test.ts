import { describe, expect, it } from 'vitest';
import type { PriceVersion } from '../repositories/price-versions';
import { nextPriceChange, versionsInEffect } from './prices';

const t0 = Date.UTC(2026, 11, 7, 9);
let id = 0;
const version = (courseSlug: string, price: number, effectiveFrom: number, cancelledAt: number | null = null): PriceVersion => ({
  id: (id += 1),
  courseSlug,
  tariffs: [{ price }],
  effectiveFrom,
  createdAt: t0 - 1000,
  operator: 'anna@school.ru',
  cancelledAt,
});

describe('the version of prices in effect', () => {
  it('is, per course, the newest not cancelled whose time has come; the later save at the same time', () => {
    const versions = [
      version('git', 3990, t0 - 10),
      version('git', 3490, t0),
      version('git', 2990, t0 + 1),
      version('react', 9000, t0 - 5),
      version('react', 8000, t0 - 5),
      version('react', 7000, t0 - 1, t0 - 2),
    ];
    const inEffect = versionsInEffect(versions, t0);
    expect(inEffect.get('git')?.tariffs).toEqual([{ price: 3490 }]);
    expect(inEffect.get('react')?.tariffs).toEqual([{ price: 8000 }]);
    expect(inEffect.has('typescript')).toBe(false);
    expect(versionsInEffect(versions, t0 + 1).get('git')?.tariffs).toEqual([{ price: 2990 }]);
  });

  it('changes next at the earliest scheduled version not cancelled', () => {
    expect(nextPriceChange([version('git', 1, t0 + 50), version('react', 1, t0 + 20, t0), version('typescript', 1, t0 + 30), version('git', 1, t0)], t0)).toBe(
      t0 + 30,
    );
    expect(nextPriceChange([version('git', 1, t0)], t0)).toBeNull();
  });
});
