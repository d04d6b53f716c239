import { createHash, timingSafeEqual } from 'node:crypto';
import { renderMetrics } from '../ops/metrics';
import type { Repositories } from '../repositories';
import { endpoint } from './endpoint';
import { refuse } from './responses';

/** What the metrics endpoint reads: the token first (no database is needed to say no), then the repositories. */
export interface MetricsRuntime {
  /** METRICS_TOKEN; null: the endpoint does not exist. */
  token: string | null;
  repos(): Promise<Pick<Repositories, 'deliveryQueue' | 'alertQueue'> & Partial<Pick<Repositories, 'deals' | 'vitals'>>>;
  now?: () => number;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time comparison of the bearer token (digests have equal length whatever was sent). */
function authorized(header: string | null, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

/**
 * `GET /api/metrics` (Prometheus text): 404 `not_found` without METRICS_TOKEN, 401 `unauthorized`
 * without the right bearer token, 503 without the database (Prometheus then sees the instance as down).
 */
export const handleMetrics = endpoint<MetricsRuntime>({
  name: 'metrics',
  methods: ['GET'],
  async handle({ request, runtime: { token, repos }, now }) {
    if (!token) return refuse(404, 'not_found');
    if (!authorized(request.headers.get('authorization'), token)) return refuse(401, 'unauthorized', { headers: { 'www-authenticate': 'Bearer' } });
    const { contentType, body } = await renderMetrics(await repos(), now);
    return new Response(body, { status: 200, headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
  },
});
