import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { missingSiteUrlWarning } from './lib/site-url';

/**
 * Security headers for every response. Content pages are pre-rendered, so a per-request nonce is not
 * possible: Next's inline bootstrap scripts need 'unsafe-inline' in script-src. Everything else is locked
 * to our origin plus the tag manager (spec 7) and the GetCourse origins that native forms post to.
 */
function contentSecurityPolicy(): string {
  const formOrigins = (process.env.NEXT_PUBLIC_GETCOURSE_FORMS_ORIGIN ?? 'https://school.getcourse.ru')
    .split(/\s+/)
    .filter(Boolean);
  const geoOrigin = originOf(process.env.NEXT_PUBLIC_GEO_URL ?? 'https://ipapi.co/json/');
  const gtm = 'https://www.googletagmanager.com';
  const ga = 'https://*.google-analytics.com https://*.analytics.google.com';
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': `'self' 'unsafe-inline' ${gtm}`,
    'style-src': "'self' 'unsafe-inline'",
    'img-src': `'self' data: blob: ${gtm} ${ga}`,
    'font-src': "'self'",
    'connect-src': `'self' ${gtm} ${ga} ${geoOrigin}`,
    'frame-src': gtm,
    'form-action': `'self' ${formOrigins.join(' ')}`,
    'frame-ancestors': "'none'",
    'base-uri': "'self'",
    'object-src': "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Several instances behind a load balancer run the standalone output (see README).
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  // Lets parallel builds (a second checkout's e2e run, a benchmark) use their own folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  serverExternalPackages: ['better-sqlite3', 'pg', 'typograf'],
  compiler: {
    // The gift page's secret segment (content/courses/gift-popup.ts), fixed at build time for server code
    // only: the pre-rendered token page and the lead API's form registry (`course-junior-js-{token}`) agree
    // even when `next start` runs without the variable. Never `env`: that would put it in browser scripts.
    defineServer: { 'process.env.GIFT_POPUP_TOKEN': process.env.GIFT_POPUP_TOKEN ?? '' },
  },
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
    formats: ['image/webp'],
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'Content-Security-Policy', value: contentSecurityPolicy() },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
        ],
      },
    ];
  },
};

export default function config(phase: string): NextConfig {
  const warning = phase === PHASE_PRODUCTION_BUILD ? missingSiteUrlWarning({ SITE_URL: process.env.SITE_URL }) : undefined;
  if (warning) console.warn(`\n${warning}\n`);
  return nextConfig;
}
