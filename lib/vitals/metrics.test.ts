import { describe, expect, it } from 'vitest';
import { parseVitalsReport, rateVital } from './metrics';
import { phoneOnCoursePage } from '@/tests/support/vitals-report';

const pages = new Set(['/', '/products/[course]']);
const report = (change: Record<string, unknown> = {}) => ({
  ...phoneOnCoursePage,
  metrics: [
    { name: 'LCP', value: 1800.4, target: 'main>section.hero>img' },
    { name: 'INP', value: 120, target: 'button#buy', phase: 'processing-duration' },
    { name: 'CLS', value: 0.02 },
  ],
  ...change,
});

describe('parseVitalsReport', () => {
  it('keeps a well-formed report', () => {
    expect(parseVitalsReport(report(), pages)).toEqual({ report: report() });
  });

  it.each([
    ['not an object', null, 'shape'],
    ['an unknown page type', report({ page: '/products/junior-js' }), 'unknown-page'],
    ['a device of its own', report({ device: 'watch' }), 'shape'],
    ['no metrics', report({ metrics: [] }), 'shape'],
    ['an unknown metric', report({ metrics: [{ name: 'FID', value: 10 }] }), 'unknown-metric'],
    ['a negative value', report({ metrics: [{ name: 'LCP', value: -1 }] }), 'out-of-bounds'],
    ['an absurd value', report({ metrics: [{ name: 'LCP', value: 1e9 }] }), 'out-of-bounds'],
    ['a CLS beyond its bound', report({ metrics: [{ name: 'CLS', value: 11 }] }), 'out-of-bounds'],
    ['a value that is no number', report({ metrics: [{ name: 'INP', value: '120' }] }), 'out-of-bounds'],
    [
      'a metric twice',
      report({
        metrics: [
          { name: 'INP', value: 1 },
          { name: 'INP', value: 2 },
        ],
      }),
      'shape',
    ],
    ['too many metrics', report({ metrics: Array.from({ length: 6 }, () => ({ name: 'LCP', value: 1 })) }), 'shape'],
  ])('refuses %s', (_, body, problem) => {
    expect(parseVitalsReport(body, pages)).toEqual({ problem });
  });

  it('drops an attribution that is not a selector, and keeps the figure', () => {
    const parsed = parseVitalsReport(
      report({
        metrics: [
          { name: 'LCP', value: 900, target: 'x'.repeat(101) },
          { name: 'INP', value: 40, target: '<script>', phase: 'nap' },
        ],
      }),
      pages,
    );
    expect(parsed).toEqual({
      report: report({
        metrics: [
          { name: 'LCP', value: 900 },
          { name: 'INP', value: 40 },
        ],
      }),
    });
  });
});

describe('rateVital follows Google thresholds, the bounds counting as the better side', () => {
  it.each([
    // metric, the last good value, the last one that needs improvement, a step past either
    ['LCP', 2500, 4000, 1],
    ['INP', 200, 500, 1],
    ['CLS', 0.1, 0.25, 0.01],
  ] as const)('%s: good up to %s, poor above %s', (metric, good, poor, step) => {
    expect(rateVital(metric, good)).toBe('good');
    expect(rateVital(metric, good + step)).toBe('needs-improvement');
    expect(rateVital(metric, poor)).toBe('needs-improvement');
    expect(rateVital(metric, poor + step)).toBe('poor');
  });
});
