import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { renderToken } from '../page-tests/live';
import { RENDER_TOKEN_HEADER } from '../page-tests/serving';
import { liveContentStep } from './proxy-step';
import { LIVE_PAGE_CHECK_HANDLER_PATH, LIVE_PAGE_CHECK_PATH, LIVE_PAGE_PATH_HEADER } from './serving';

const request = (path: string, headers: Record<string, string> = {}) => new NextRequest(`http://127.0.0.1:4600${path}`, { headers });

describe("the proxy's live-content step and the start-up self-check's address", () => {
  it('rewrites the instance’s own request of the check address to the check handler, the path in a header it sets', async () => {
    const response = await liveContentStep(request(LIVE_PAGE_CHECK_PATH, { [RENDER_TOKEN_HEADER]: renderToken() }));
    expect(new URL(response!.headers.get('x-middleware-rewrite')!).pathname).toBe(LIVE_PAGE_CHECK_HANDLER_PATH);
    expect(response!.headers.get(`x-middleware-request-${LIVE_PAGE_PATH_HEADER}`)).toBe(LIVE_PAGE_CHECK_PATH);
    expect(response!.headers.get(`x-middleware-request-${RENDER_TOKEN_HEADER}`)).toBe(renderToken());
  });

  it('leaves anyone else’s request of it to the site (its 404), a guessed token too', async () => {
    expect(await liveContentStep(request(LIVE_PAGE_CHECK_PATH))).toBeNull();
    expect(await liveContentStep(request(LIVE_PAGE_CHECK_PATH, { [RENDER_TOKEN_HEADER]: 'guessed' }))).toBeNull();
  });
});
