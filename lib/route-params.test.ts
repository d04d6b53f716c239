import { describe, expect, it } from 'vitest';
import { paramsFor } from './route-params';

const paths = ['/products/git', '/products/junior-js', '/products/junior-js/cvrna', '/frontend-developer', '/frontend-developer/cvrna', '/frontend-developer-tg', '/edu-frontend'];

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
