import { describe, expect, it } from 'vitest';
import { absoluteUrl, serializeJsonLd } from './json-ld';

describe('serializeJsonLd', () => {
  it('escapes every "<", so content cannot close the script element, and parses back to the same data', () => {
    const document = { '@context': 'https://schema.org', '@type': 'Article', headline: 'Тег </script><!-- и <b>' } as const;
    const json = serializeJsonLd(document);
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c/script>');
    expect(JSON.parse(json)).toEqual(document);
  });
});

describe('absoluteUrl', () => {
  it('joins the site address and a path; the home page keeps its slash', () => {
    expect(absoluteUrl('https://example.ru', '/')).toBe('https://example.ru/');
    expect(absoluteUrl('https://example.ru', '/products/git')).toBe('https://example.ru/products/git');
  });
});
