import { describe, expect, it } from 'vitest';
import { pValueText, signedPercent, verdictText } from './split-test-labels';

describe('split test verdicts in Russian', () => {
  it('says who wins, by how much, with the range', () => {
    expect(verdictText({ kind: 'better', variant: 1, estimate: 0.213, low: 0.052, high: 0.374 })).toBe('Вариант B лучше A: +21,3 % (от +5,2 до +37,4 %)');
    expect(verdictText({ kind: 'worse', variant: 2, estimate: -0.2, low: -0.35, high: -0.05 })).toBe('Вариант C хуже A: −20 % (от −35 до −5 %)');
  });

  it('too early, with the days to wait', () => {
    expect(verdictText({ kind: 'early', daysToFloor: 3 })).toBe('Пока рано судить: нужно хотя бы 100 показов и 25 заявок у каждого варианта; при нынешнем потоке — примерно через 3 дня');
    expect(verdictText({ kind: 'early', daysToFloor: null })).toBe('Пока рано судить');
  });

  it('no difference; split off', () => {
    expect(verdictText({ kind: 'no_difference', reachedHorizon: false })).toMatch(/^Разницы нет/);
    expect(verdictText({ kind: 'srm' })).toMatch(/неравномерно.*Вывод скрыт/);
  });

  it('formats', () => {
    expect(signedPercent(0)).toBe('0 %');
    expect(pValueText(0.0004)).toBe('< 0,001');
    expect(pValueText(0.0345)).toBe('0,035');
  });
});
