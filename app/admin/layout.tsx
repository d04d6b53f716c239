import type { Metadata } from 'next';

/** Everything under /admin: never indexed, never followed, never in the sitemap (app/sitemap.ts). */
export const metadata: Metadata = {
  title: { default: 'Консоль', template: '%s — консоль' },
  robots: { index: false, follow: false, nocache: true },
};

export default function AdminRootLayout({ children }: { children: React.ReactNode }) {
  return <div className="min-h-dvh bg-gray-50 text-ink">{children}</div>;
}
