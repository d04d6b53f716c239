import { beforeEach, expect, it } from 'vitest';
import { renderToken } from '../page-tests/live';
import { PAGE_PATH_HEADER, RENDER_TOKEN_HEADER } from '../page-tests/serving';
import { describeEachDatabase } from '../testing/databases';
import { testApiRuntime } from '../testing/runtime';
import type { ApiRuntime } from './handlers';
import { handlePageTestPage } from './page-test-page';

describeEachDatabase('the page handler of page tests', (database) => {
  let runtime: ApiRuntime;
  const source = () => Promise.resolve(runtime);
  const ask = (headers: Record<string, string>, method = 'GET') =>
    handlePageTestPage(new Request('http://school.test/api/page-tests/page', { method, headers: { 'user-agent': 'Mozilla/5.0', ...headers } }), source);

  beforeEach(async () => {
    await database().clear();
    runtime = testApiRuntime(database().repos);
  });

  it("answers 404 to anyone but the proxy step (the instance's render token), whatever the path and method", async () => {
    for (const token of [undefined, '', 'guessed']) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        const response = await ask({ [PAGE_PATH_HEADER]: '/products/junior-js', ...(token === undefined ? {} : { [RENDER_TOKEN_HEADER]: token }) }, method);
        expect(response.status, `${method} with ${token}`).toBe(404);
        expect(response.headers.get('content-type')).not.toContain('text/html');
      }
    }
  });

  it('asks for nothing but a page a test can run on (a course page or a landing): any other path is 404', async () => {
    // None of these is fetched: with no server at the instance's own address a fetch would fail, 503.
    for (const path of [
      '/admin/leads',
      '/api/health',
      '/page-test-render/t-1/1/1/products/junior-js',
      '/products/junior-js/../../admin',
      '/about',
      '',
      'products/junior-js',
    ]) {
      const response = await ask({ [RENDER_TOKEN_HEADER]: renderToken(), [PAGE_PATH_HEADER]: path });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ code: 'not_found', message: 'Не найдено' });
    }
  });
});
