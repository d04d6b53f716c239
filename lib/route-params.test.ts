import { describe, expect, it } from 'vitest';
import { paramsFor, pathFor, withParams } from './route-params';

const paths = [
  '/products/git',
  '/products/junior-js',
  '/products/junior-js/cvrna',
  '/frontend-developer',
  '/frontend-developer/cvrna',
  '/frontend-developer-tg',
  '/edu-frontend',
];

describe('paramsFor', () => {
  it('takes the single dynamic segment under a fixed prefix', () => {
    expect(paramsFor('/products/[course]', paths)).toEqual([{ course: 'git' }, { course: 'junior-js' }]);
  });

  it('takes two dynamic segments', () => {
    expect(paramsFor('/products/[course]/[variant]', paths)).toEqual([{ course: 'junior-js', variant: 'cvrna' }]);
  });

  it('matches a fixed first segment exactly, not by prefix', () => {
    expect(paramsFor('/frontend-developer/[variant]', paths)).toEqual([{ variant: 'cvrna' }]);
  });

  it('takes every single-segment path for a top-level dynamic segment', () => {
    expect(paramsFor('/[page]', paths)).toEqual([{ page: 'frontend-developer' }, { page: 'frontend-developer-tg' }, { page: 'edu-frontend' }]);
  });

  it('returns nothing when no path fits', () => {
    expect(paramsFor('/events/[slug]', paths)).toEqual([]);
  });
});

describe('pathFor', () => {
  it('fills each dynamic segment with its param', () => {
    expect(pathFor('/products/[course]/[variant]', { course: 'junior-js', variant: 'cvrna' })).toBe('/products/junior-js/cvrna');
  });

  it('gives back every path paramsFor read', () => {
    for (const pattern of ['/products/[course]', '/products/[course]/[variant]', '/frontend-developer/[variant]', '/[page]']) {
      for (const params of paramsFor(pattern, paths)) expect(paths).toContain(pathFor(pattern, params));
    }
  });
});

describe('withParams', () => {
  it('calls the function with the awaited params and returns its result', async () => {
    const page = withParams(({ id }: { id: string }) => `article ${id}`);
    await expect(page({ params: Promise.resolve({ id: '42' }) })).resolves.toBe('article 42');
  });
});
