import { NextResponse, type NextRequest } from 'next/server';
import { consoleLogger } from './server/log';
import { liveContentStep } from './server/live-content/proxy-step';
import { pageTestStep } from './server/page-tests/proxy-step';
import { consoleCspDirectives, contentSecurityPolicyHeader, isConsolePath, newCspNonce, readCspSettings } from './server/http/content-security-policy';

/**
 * Sends the Content Security Policy with every answer. Read from the environment when the server starts,
 * not at build time, so one build can enforce it (CSP_MODE=enforce, the default) or only report it while
 * a new tag is tried (CSP_MODE=report-only), and CSP_TAG_HOSTS changes with a restart.
 */
const settings = readCspSettings({
  ...process.env,
  // Build-time values, inlined like in the browser's scripts: the policy allows what the pages use.
  NEXT_PUBLIC_GETCOURSE_FORMS_ORIGIN: process.env.NEXT_PUBLIC_GETCOURSE_FORMS_ORIGIN,
  NEXT_PUBLIC_GEO_URL: process.env.NEXT_PUBLIC_GEO_URL,
});
if (settings.rejectedTagHosts.length > 0) {
  consoleLogger.warn('csp.tag_hosts_rejected', {
    message: 'CSP_TAG_HOSTS entries must be https origins; left out',
    entries: settings.rejectedTagHosts.join(' '),
  });
}
const publicPolicy = contentSecurityPolicyHeader(settings);

/**
 * A console page is rendered for each request, so it gets a nonce of its own. Next.js reads the nonce
 * from the policy in the request's headers and puts it on every script it writes into the page; the
 * same policy goes out with the answer. Anything else gets the public pages' policy.
 */
export async function proxy(request: NextRequest) {
  if (!isConsolePath(request.nextUrl.pathname)) {
    // A page under a running test: its variant, chosen on the server (server/page-tests/proxy-step.ts);
    // else, while the console has content in effect, the page rendered with it (server/live-content/).
    const response = (await pageTestStep(request)) ?? (await liveContentStep(request)) ?? NextResponse.next();
    response.headers.set(publicPolicy.name, publicPolicy.value);
    return response;
  }
  const policy = contentSecurityPolicyHeader(settings, consoleCspDirectives(settings, newCspNonce()));
  const headers = new Headers(request.headers);
  // Only our policy is read for the nonce: Next.js looks at either header, a client may send both.
  headers.delete('content-security-policy');
  headers.delete('content-security-policy-report-only');
  headers.set(policy.name, policy.value);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set(policy.name, policy.value);
  return response;
}

export const config = {
  // Pages and images; not the immutable build files, which run no policy of their own, nor the API, whose
  // JSON answers are no documents: before it runs a proxy, Next.js reads a request's whole body (up to
  // 10 MB), so the API's own body limits and read deadline never applied and a body sent a byte at a
  // time held its connection for Node's 5 minutes.
  matcher: ['/((?!_next/static|_next/image|api/).*)'],
};
