import { describe, expect, it } from 'vitest';
import { matchesPattern, normalizePath, patternSpecificity } from './path-patterns';

describe('normalizePath', () => {
  /** Each path, and the ways a link or the address bar may spell it. */
  const spellings = {
    '/': ['/', '', '//'],
    '/products/git': [
      '/products/git/',
      '/products/git//',
      '/products/git',
      '/products/git?utm_source=mail',
      '/products/git/#tariff-description',
      'products/git',
    ],
  };
  it.each(Object.entries(spellings).flatMap(([normal, written]) => written.map((path) => [path, normal])))('%j -> %j', (path, expected) => {
    expect(normalizePath(path)).toBe(expected);
  });
});

describe('matchesPattern', () => {
  it.each([
    // `/*` matches every path
    ['/', '/*', true],
    ['/products/git', '/*', true],
    ['/a/b/c/d/', '/*', true],
    // a trailing `*` matches by prefix
    ['/products/middle-js/b1', '/products/middle-js/*', true],
    ['/products/middle-js/b1/', '/products/middle-js/*', true],
    ['/products/middle-js/b1/extra', '/products/middle-js/*', true],
    ['/products/middle-js', '/products/middle-js/*', false],
    ['/products/middle-js/', '/products/middle-js/*', false],
    ['/products/middle-jsx/b1', '/products/middle-js/*', false],
    ['/products/react-developer', '/products/react*', true],
    ['/products/react', '/products/react*', true],
    ['/products/rea', '/products/react*', false],
    // a trailing slash on the pattern is ignored too
    ['/products/middle-js/b1', '/products/middle-js/*/', true],
    // anything else matches exactly
    ['/products/git', '/products/git', true],
    ['/products/git/', '/products/git', true],
    ['/products/git', '/products/git/', true],
    ['/products/git/cvrna', '/products/git', false],
    ['/products/gi', '/products/git', false],
    ['/Products/git', '/products/git', false],
    ['/', '/', true],
    ['/about', '/', false],
    // a `*` that is not last is an ordinary character
    ['/products/x/cvrna', '/products/*/cvrna', false],
    ['/products/*/cvrna', '/products/*/cvrna', true],
  ])('%j against %j -> %j', (path, pattern, expected) => {
    expect(matchesPattern(path, pattern)).toBe(expected);
  });
});

describe('patternSpecificity', () => {
  it.each([
    ['/*', 0, false],
    ['/', 0, true],
    ['/products/git', 2, true],
    ['/products/git/', 2, true],
    ['/products/middle-js/*', 2, false],
    ['/products/react*', 2, false],
    ['/products/middle-js/cvrna', 3, true],
  ])('%j has %i segments (exact: %j)', (pattern, segments, exact) => {
    expect(patternSpecificity(pattern)).toEqual({ segments, exact });
  });
});
