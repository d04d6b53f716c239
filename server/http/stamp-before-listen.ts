/**
 * The request stamp (request-stamp.ts) installed before Next.js opens its port: the deployed instance runs
 * `node --import ./cli/request-stamp.mjs server.js` (deploy/site@.service; `npm run build` bundles this file
 * there, scripts/bundle-cli.ts). The standalone server listens first and prepares afterwards; a request
 * that comes in meanwhile (an instance restarted by a release, nginx already sending it visitors) waits for
 * the preparation, which runs instrumentation.ts and installs the stamp: too late for that request, whose
 * `request` event has passed. Its lead was stored as an unknown client's and counted in the shared bucket.
 * Installed here, every request is stamped; instrumentation.ts's install then finds it done. The render
 * token and the page tests' state it reads live on globalThis, shared with the server's own copy.
 */
import { readTrustedProxies } from '../config';
import { installRequestStamp } from './request-stamp';

installRequestStamp(readTrustedProxies(process.env.TRUST_PROXY));
