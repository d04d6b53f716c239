/**
 * Every admin page, route handler and server action refuses a visitor without a session and one whose
 * session was signed out: pages redirect to the sign-in page, route handlers answer 401, actions
 * redirect to sign-in before doing anything. The list is read from the code (the app/admin and
 * app/api/admin folders, the build's server-action manifest) and a route's methods from its 405's
 * `Allow`, so a new page, route or action is covered without touching this file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { e2eDistDir } from './support/env';
import { expect, test } from './support/fixtures';
import { newOperator, signIn } from './support/operator';

/** Public by design: the sign-in page and its action, an invitation's page and its action (the link's token is the key). */
const publicPages = new Set(['/admin/sign-in', '/admin/join/1']);
const publicActions = new Set(['signIn', 'acceptInvitationAction']);

function filesNamed(dir: string, name: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === name)
    .map((file) => path.join(dir, file));
}

/** `app/admin/(console)/leads/[id]/page.tsx` → `/admin/leads/1`. */
function urlOf(file: string): string {
  const segments = path
    .dirname(path.relative('app', file))
    .split(path.sep)
    .filter((segment) => !/^\(.*\)$/.test(segment));
  return `/${segments.map((segment) => (/^\[.*\]$/.test(segment) ? '1' : segment)).join('/')}`;
}

const pages = filesNamed('app/admin', 'page.tsx')
  .map(urlOf)
  .filter((url) => !publicPages.has(url));
const routeUrls = filesNamed('app/api/admin', 'route.ts').map(urlOf);

/** The methods each admin route serves: every route answers another (OPTIONS here) 405 with `Allow`. */
async function adminRoutes(request: APIRequestContext): Promise<{ method: string; url: string }[]> {
  const routes: { method: string; url: string }[] = [];
  for (const url of routeUrls) {
    const options = await request.fetch(url, { method: 'OPTIONS', maxRedirects: 0 });
    expect(options.status(), url).toBe(405);
    const allow = (options.headers().allow ?? '').split(', ').filter((method) => method && method !== 'HEAD');
    routes.push(...allow.map((method) => ({ method, url })));
  }
  return routes;
}

interface ManifestAction {
  filename?: string;
  exportedName?: string;
}
function adminActions(): { id: string; name: string }[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(e2eDistDir, 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, ManifestAction>;
  };
  return (
    Object.entries(manifest.node)
      // The console's actions: its features (features/console, features/console-<section>) and its pages.
      .filter(([, action]) => /(^|\/)(features\/console(-[^/]+)?|app\/admin)\//.test(action.filename ?? ''))
      .map(([id, action]) => ({ id, name: action.exportedName ?? id }))
      .filter((action) => !publicActions.has(action.name))
  );
}

async function expectRefused(request: APIRequestContext, cookie: string | undefined) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  expect(pages.length).toBeGreaterThanOrEqual(4);
  for (const url of pages) {
    const response = await request.get(url, { headers, maxRedirects: 0 });
    expect.soft(response.status(), url).toBe(307);
    expect.soft(response.headers().location, url).toMatch(/\/admin\/sign-in$/);
  }
  const routes = await adminRoutes(request);
  expect(routes.length).toBeGreaterThanOrEqual(1);
  for (const route of routes) {
    const response = await request.fetch(route.url, { method: route.method, headers, maxRedirects: 0 });
    expect.soft(response.status(), `${route.method} ${route.url}`).toBe(401);
    expect.soft(await response.json(), route.url).toEqual({ code: 'sign_in_required', message: 'Нужно войти в консоль' });
  }
  const actions = adminActions();
  expect(actions.map((action) => action.name).sort()).toEqual(
    expect.arrayContaining(['eraseVisitorAction', 'resendAllDeadAction', 'resendDeliveryAction', 'signOut']),
  );
  for (const action of actions) {
    const response = await request.post('/admin/leads', {
      headers: { ...headers, 'next-action': action.id, 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component' },
      data: '[]',
      maxRedirects: 0,
    });
    expect.soft(response.headers()['x-action-redirect'] ?? response.headers().location, action.name).toMatch(/\/admin\/sign-in/);
  }
}

test('every admin page, route and action refuses an anonymous visitor', async ({ request }) => {
  await expectRefused(request, undefined);
});

test('every admin page, route and action refuses a session that was signed out', async ({ page, context, request }) => {
  await signIn(page, await newOperator('access'));
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  // The same cookie is let in while the session lives...
  expect((await request.get('/admin', { headers: { cookie }, maxRedirects: 0 })).status()).toBe(200);
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  // ...and refused everywhere once it is signed out.
  await expectRefused(request, cookie);
});
