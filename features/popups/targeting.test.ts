import { describe, expect, it } from 'vitest';
import { coursePages, giftPopupPath } from '@/content/courses';
import { popupId, popups } from '@/content/popups';
import { matchesPattern } from '@/lib/path-patterns';
import { selectPopup, type PageTargeting } from './targeting';
import { sitemapEntries } from '@/content/sitemap';

describe('selectPopup with synthetic configs', () => {
  const popup = (name: string, includePaths: string[], excludePaths: string[] = []) => ({ name, includePaths, excludePaths });
  type Named = PageTargeting & { name: string };
  const name = (path: string, list: Named[], markers: string[] = []) => selectPopup({ path, markers }, list)?.name ?? null;

  it('returns null when nothing matches, and for an empty list', () => {
    expect(name('/about', [popup('a', ['/products/*'])])).toBeNull();
    expect(name('/about', [])).toBeNull();
    expect(name('/about', [popup('a', [])])).toBeNull();
  });

  it('an exclude pattern wins over an include pattern of the same pop-up', () => {
    const list = [popup('all-but-docs', ['/*'], ['/docs', '/events/*'])];
    expect(name('/docs', list)).toBeNull();
    expect(name('/docs/', list)).toBeNull();
    expect(name('/events/spring-2025', list)).toBeNull();
    expect(name('/events', list)).toBe('all-but-docs');
    expect(name('/about', list)).toBe('all-but-docs');
  });

  it('an excluded pop-up leaves the path to another one that matches', () => {
    const list = [popup('specific', ['/products/*'], ['/products/git']), popup('fallback', ['/*'])];
    expect(name('/products/git', list)).toBe('fallback');
    expect(name('/products/typescript', list)).toBe('specific');
  });

  it('the matching pattern with the most segments wins, whatever the order', () => {
    const everywhere = popup('everywhere', ['/*']);
    const products = popup('products', ['/products/*']);
    const middle = popup('middle', ['/products/middle-js/*']);
    const cvrna = popup('cvrna', ['/products/middle-js/cvrna']);
    for (const list of [
      [everywhere, products, middle, cvrna],
      [cvrna, middle, products, everywhere],
    ]) {
      expect(name('/products/middle-js/cvrna', list)).toBe('cvrna');
      expect(name('/products/middle-js/b1', list)).toBe('middle');
      expect(name('/products/git', list)).toBe('products');
      expect(name('/', list)).toBe('everywhere');
    }
  });

  it('a pop-up competes with its best matching pattern, not its first one', () => {
    const broad = popup('broad', ['/*', '/products/middle-js/b1']);
    const narrow = popup('narrow', ['/products/middle-js/*']);
    expect(name('/products/middle-js/b1', [narrow, broad])).toBe('broad');
  });

  /** The pop-up `path` shows with the two listed in one order, then in the other. */
  const winnersEitherOrder = (path: string, one: Named, other: Named) => [name(path, [one, other]), name(path, [other, one])];

  it('tie rule: at equal segments an exact pattern beats a prefix pattern', () => {
    const prefix = popup('prefix', ['/products/react*']);
    const exact = popup('exact', ['/products/react']);
    expect(winnersEitherOrder('/products/react', prefix, exact)).toEqual(['exact', 'exact']);
    expect(name('/products/react-developer', [prefix, exact])).toBe('prefix');
  });

  it('tie rule: at equal segments and kind the pop-up listed first wins', () => {
    const first = popup('first', ['/products/git']);
    const second = popup('second', ['/products/git/']);
    expect(winnersEitherOrder('/products/git', first, second)).toEqual(['first', 'second']);
    const firstPrefix = popup('first-prefix', ['/products/*']);
    const secondPrefix = popup('second-prefix', ['/products*']);
    // `/products/*` has 1 segment, `/products*` has 1 too: order decides.
    expect(winnersEitherOrder('/products/git', firstPrefix, secondPrefix)).toEqual(['first-prefix', 'second-prefix']);
  });

  describe('page markers', () => {
    const marked = (name: string, pageMarker: string, excludePaths: string[] = []): Named => ({
      ...popup(name, [], excludePaths),
      pageMarker,
    });

    it('a marker pop-up shows only on pages that declare its marker, whatever the path', () => {
      const list = [marked('gift', 'gift-junior')];
      expect(name('/products/junior-js/s3cr3t', list, ['gift-junior'])).toBe('gift');
      expect(name('/anywhere/else/', list, ['gift-junior'])).toBe('gift');
      expect(name('/products/junior-js/s3cr3t', list)).toBeNull();
      expect(name('/products/junior-js/s3cr3t', list, ['another-marker'])).toBeNull();
      expect(name('/products/junior-js/s3cr3t', list, ['gift'])).toBeNull();
    });

    it('a page marker with no pop-up for it changes nothing', () => {
      const list = [popup('products', ['/products/*'])];
      expect(name('/products/git', list, ['unknown'])).toBe('products');
    });

    it('a marker match beats every path match on its page, whatever the order', () => {
      const everywhere = popup('everywhere', ['/*']);
      const exact = popup('exact', ['/products/junior-js/s3cr3t']);
      const gift = marked('gift', 'gift-junior');
      for (const list of [
        [everywhere, exact, gift],
        [gift, exact, everywhere],
      ]) {
        expect(name('/products/junior-js/s3cr3t', list, ['gift-junior'])).toBe('gift');
        expect(name('/products/junior-js/s3cr3t', list)).toBe('exact');
      }
    });

    it('a marker pop-up also matched by a path still ranks as a marker match', () => {
      const both = { ...marked('both', 'm'), includePaths: ['/*'] };
      const deep = popup('deep', ['/a/b/c']);
      expect(name('/a/b/c', [deep, both], ['m'])).toBe('both');
      expect(name('/a/b/c', [deep, both])).toBe('deep');
      expect(name('/x', [deep, both])).toBe('both');
    });

    it('exclude wins over a marker too', () => {
      const list = [marked('gift', 'gift-junior', ['/products/junior-js/*']), popup('fallback', ['/*'])];
      expect(name('/products/junior-js/s3cr3t', list, ['gift-junior'])).toBe('fallback');
      expect(name('/landing', list, ['gift-junior'])).toBe('gift');
    });

    it('tie rule: of two marker matches the pop-up listed first wins', () => {
      const first = marked('first', 'a');
      const second = marked('second', 'b');
      expect(name('/x', [first, second], ['a', 'b'])).toBe('first');
      expect(name('/x', [second, first], ['a', 'b'])).toBe('second');
      expect(name('/x', [first, second], ['b'])).toBe('second');
    });
  });
});

describe('the site pop-ups', () => {
  // Markers as the course pages declare them (features/course-page renders `<meta name="popup">`).
  const markersAt = (path: string) => {
    const marker = coursePages().find((page) => page.path === path.replace(/\/$/, ''))?.variant?.popupMarker;
    return marker ? [marker] : [];
  };
  const chosen = (path: string) => {
    const popup = selectPopup({ path, markers: markersAt(path) }, popups);
    return popup ? popupId(popup) : null;
  };

  // Which pop-up each path gets, and the fixed delays: content/spec-conformance.test.ts.
  // Here the rules every pop-up entry keeps, whatever pages the marketing team gives it.

  /** Every page of the site: the sitemap's and the noindex course variants. */
  const sitePaths = [...new Set([...sitemapEntries().map((entry) => new URL(entry.url).pathname), ...coursePages().map((page) => page.path)])];

  it('every target path names a page of the site, every pattern matches one', () => {
    for (const popup of popups) {
      for (const pattern of [...popup.includePaths, ...popup.excludePaths]) {
        const matched = sitePaths.filter((path) => matchesPattern(path, pattern));
        expect(matched.length, `${popupId(popup)}: ${pattern}`).toBeGreaterThan(0);
      }
    }
  });

  it('every page shows the pop-up that targets it best, and a page no pop-up targets shows none', () => {
    for (const path of sitePaths) {
      const targeting = popups.filter(
        (popup) =>
          (popup.includePaths.some((pattern) => matchesPattern(path, pattern)) || markersAt(path).includes(popup.pageMarker ?? '')) &&
          !popup.excludePaths.some((pattern) => matchesPattern(path, pattern)),
      );
      const shown = chosen(path);
      if (targeting.length === 0) expect(shown, path).toBeNull();
      else expect(targeting.map(popupId), path).toContain(shown);
      expect(chosen(`${path}/`), `${path}/`).toBe(shown);
    }
  });

  it('no pop-up shows on a guessed gift token', () => {
    expect(chosen(`${giftPopupPath}x`)).not.toBe(popupId(popups.find((popup) => popup.content.kind === 'gift')!));
  });

  it('the gift pop-up is bound to the token page by its marker alone: no path of the config names the token', () => {
    const gift = popups.find((popup) => popup.content.kind === 'gift')!;
    expect(gift.pageMarker).toBe('gift-junior');
    expect(gift.includePaths).toEqual([]);
    expect(JSON.stringify(popups)).not.toContain(giftPopupPath.split('/').at(-1));
    const marked = coursePages().filter((page) => page.variant?.popupMarker !== undefined);
    expect(marked.map((page) => [page.path, page.variant?.popupMarker])).toEqual([[giftPopupPath, 'gift-junior']]);
  });

  it('a state-managers variant is the same framework page', () => {
    expect(chosen('/products/state-managers/any-variant')).toBe('promo-frameworks');
  });

  it('ids are unique and safe in a cookie name', () => {
    const ids = popups.map(popupId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9_-]+$/);
  });

  it('the lead-form pop-ups send the application event under their own form id', () => {
    const forms = popups.flatMap((popup) => (popup.formConfig ? [popup.formConfig] : []));
    for (const form of forms) {
      expect(form.submitAnalyticsEvent).toEqual({
        event: 'application',
        product_name: form.submitAnalyticsEvent.product_name,
        id_form: form.formId,
      });
    }
  });
});
