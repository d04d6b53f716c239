import { describe, expect, it } from 'vitest';
import { connectionType, deviceClass, isSampled, navigationType, ReportQueue, sampleRate, toSample } from './vitals-report';

describe('sampling', () => {
  it.each([
    [undefined, 1],
    ['', 1],
    ['0.25', 0.25],
    ['0', 0],
    ['1', 1],
    ['2', 1],
    ['-0.5', 1],
    ['lots', 1],
  ])('NEXT_PUBLIC_RUM_SAMPLE_RATE=%j -> %d', (raw, rate) => {
    expect(sampleRate(raw)).toBe(rate);
  });

  it('measures everyone at 1, nobody at 0, and by the coin otherwise', () => {
    expect(isSampled(1, () => 0.999)).toBe(true);
    expect(isSampled(0, () => 0)).toBe(false);
    expect(isSampled(0.25, () => 0.2)).toBe(true);
    expect(isSampled(0.25, () => 0.3)).toBe(false);
  });
});

describe('classing the browser', () => {
  it.each([
    [{ shortSide: 412, coarsePointer: true }, 'phone'],
    [{ shortSide: 390, coarsePointer: false }, 'phone'],
    [{ shortSide: 820, coarsePointer: true }, 'tablet'],
    [{ shortSide: 800, coarsePointer: false }, 'desktop'],
    [{ shortSide: 1440, coarsePointer: true }, 'desktop'],
  ] as const)('%j -> %s', (screen, device) => {
    expect(deviceClass(screen)).toBe(device);
  });

  it('knows the connection and navigation types, and falls back', () => {
    expect(connectionType('3g')).toBe('3g');
    expect(connectionType(undefined)).toBe('unknown');
    expect(connectionType('5g')).toBe('unknown');
    expect(navigationType('back-forward-cache')).toBe('back-forward-cache');
    expect(navigationType('teleport')).toBe('navigate');
  });
});

describe('toSample', () => {
  it('rounds, and keeps the LCP element and the INP target with its longest phase', () => {
    expect(toSample({ name: 'LCP', id: 'a', value: 1234.56, attribution: { target: 'main>img.hero' } })).toEqual({
      name: 'LCP',
      value: 1235,
      target: 'main>img.hero',
    });
    expect(
      toSample({
        name: 'INP',
        id: 'b',
        value: 312,
        attribution: { interactionTarget: 'button.buy', inputDelay: 20, processingDuration: 250, presentationDelay: 42 },
      }),
    ).toEqual({
      name: 'INP',
      value: 312,
      target: 'button.buy',
      phase: 'processing-duration',
    });
    expect(toSample({ name: 'CLS', id: 'c', value: 0.123456 })).toEqual({ name: 'CLS', value: 0.1235 });
    expect(toSample({ name: 'FID', id: 'd', value: 3 })).toBeNull();
  });
});

describe('ReportQueue', () => {
  const context = { page: '/products/[course]', device: 'phone', connection: '4g' } as const;

  it('sends each metric once, all in one report, and nothing when nothing is new', () => {
    const queue = new ReportQueue(context);
    queue.add({ name: 'LCP', id: 'v1-1', value: 1500, navigationType: 'reload' });
    queue.add({ name: 'CLS', id: 'v1-2', value: 0.01 });
    expect(queue.take(true)).toEqual({
      ...context,
      navigation: 'reload',
      popup: true,
      metrics: [
        { name: 'LCP', value: 1500 },
        { name: 'CLS', value: 0.01 },
      ],
    });
    expect(queue.take(true)).toBeNull();
    queue.add({ name: 'CLS', id: 'v1-2', value: 0.3 }); // reported again after the page came back
    expect(queue.take(false)).toBeNull();
    queue.add({ name: 'INP', id: 'v1-3', value: 80 });
    expect(queue.take(false)?.metrics).toEqual([{ name: 'INP', value: 80 }]);
  });

  it('keeps one value a metric a report', () => {
    const queue = new ReportQueue(context);
    queue.add({ name: 'CLS', id: 'v1-2', value: 0.01 });
    queue.add({ name: 'CLS', id: 'v1-9', value: 0.02, navigationType: 'back-forward-cache' });
    expect(queue.take(false)?.metrics).toEqual([{ name: 'CLS', value: 0.01 }]);
    expect(queue.take(false)?.metrics).toEqual([{ name: 'CLS', value: 0.02 }]);
  });
});
