import { describe, expect, it } from 'vitest';
import { PAGE_VIEWS_ENDPOINT } from '@/lib/api-contract';
import { sendPageView } from './page-view';

function pageWith(meta: string | null) {
  const sent: [string, string][] = [];
  const document = {
    querySelector: (selector: string) => (meta !== null && selector === 'meta[name="counted-page"]' ? { content: meta } : null),
  } as unknown as Document;
  const navigator = { sendBeacon: (url: string, body: string) => sent.push([url, body]) > 0 } as unknown as Navigator;
  return { document, navigator, sent };
}

describe('sendPageView', () => {
  it('sends the path a course page names in its meta tag', () => {
    const { document, navigator, sent } = pageWith('/products/git');
    sendPageView(document, navigator);
    expect(sent).toEqual([[PAGE_VIEWS_ENDPOINT, '{"path":"/products/git"}']]);
  });

  it('sends nothing from a page without the tag, or from a browser without sendBeacon', () => {
    const plain = pageWith(null);
    sendPageView(plain.document, plain.navigator);
    expect(plain.sent).toEqual([]);
    const old = pageWith('/products/git');
    expect(() => sendPageView(old.document, {} as Navigator)).not.toThrow();
  });
});
