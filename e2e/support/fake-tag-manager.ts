/**
 * The tag manager the end-to-end browser reaches: Chromium resolves www.googletagmanager.com to an HTTPS
 * server of the stack on 127.0.0.1 (`tagManagerLaunchArgs`), which answers every request with an empty
 * script, so no test reaches the internet for it and a page loads it as it loads the real one. A test
 * that looks at the tag manager itself routes it on its page (e2e/analytics.spec.ts, e2e/csp-tags.spec.ts).
 *
 * Not a Playwright route on every context: a route sends every request of the context's pages through
 * the test process and turns Chromium's cache off. A page opened in a fresh context took 1.4 s routed and
 * 1.0 s not (six pages, four runs each, interleaved, on the loaded 2-core test machine, 2026-11-27).
 *
 * The certificate (fake-tag-manager.pem, with its key: a test's, for this fake only) is the only one
 * Chromium lets through unverified (`--ignore-certificate-errors-spki-list` names its public key), and
 * only for the one host the resolver rule maps: every other https address is verified as always.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { fakeTagManagerPort } from './env';

const tagManagerHost = 'www.googletagmanager.com';
const certificateAndKey = fs.readFileSync(path.resolve('e2e', 'support', 'fake-tag-manager.pem'), 'utf8');

/** Chromium's arguments: the tag manager's host at the fake, and the fake's certificate accepted. */
export function tagManagerLaunchArgs(): string[] {
  const publicKey = new crypto.X509Certificate(certificateAndKey).publicKey.export({ type: 'spki', format: 'der' });
  return [
    `--host-resolver-rules=MAP ${tagManagerHost} 127.0.0.1:${fakeTagManagerPort}`,
    `--ignore-certificate-errors-spki-list=${crypto.createHash('sha256').update(publicKey).digest('base64')}`,
  ];
}

export async function startFakeTagManager(): Promise<{ url: string; close(): Promise<void> }> {
  const server = https.createServer({ cert: certificateAndKey, key: certificateAndKey }, (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
    response.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(fakeTagManagerPort, '127.0.0.1', resolve);
  });
  return {
    url: `https://${tagManagerHost} (127.0.0.1:${fakeTagManagerPort})`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
