/** Where the site runs when SITE_URL is unset: right for `npm start` on one's own machine, wrong anywhere else. */
export const localSiteUrl = 'http://localhost:3000';

/** The absolute address of the site (no trailing slash) that canonicals, the sitemap and Open Graph use. */
export function siteUrlFrom(env: { SITE_URL?: string }): string {
  return (env.SITE_URL?.trim() || localSiteUrl).replace(/\/+$/, '');
}

/**
 * The warning a production build prints without SITE_URL: such a build writes localhost into every
 * canonical link, the sitemap, structured data and link previews, which search engines then index.
 */
export function missingSiteUrlWarning(env: { SITE_URL?: string }): string | undefined {
  if (env.SITE_URL?.trim()) return undefined;
  const rule = '!'.repeat(78);
  return [
    rule,
    `!! SITE_URL is not set: this build uses ${localSiteUrl} in canonical links, the sitemap,`,
    '!! structured data and Open Graph images. Do not deploy it; build with',
    '!! SITE_URL=https://<the site address> npm run build',
    rule,
  ].join('\n');
}
