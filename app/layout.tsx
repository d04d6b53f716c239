import type { Metadata, Viewport } from 'next';
import { PageLiveMark } from '@/components/lazy/page-live-mark';
import { site } from '@/content/site';
import { SITE_ICON_DATA_URI, SITE_ICON_FILES } from '@/lib/site-icon';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(site.url),
  title: { default: site.name, template: `%s — ${site.name}` },
  description: site.description,
  openGraph: { type: 'website', locale: 'ru_RU', siteName: site.name },
  formatDetection: { telephone: false },
  icons: { icon: [{ url: SITE_ICON_DATA_URI, type: 'image/svg+xml' }], apple: SITE_ICON_FILES.appleTouch },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#2451e0' };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="ru">
      <body className="min-h-dvh bg-white font-sans antialiased">
        {children}
        <PageLiveMark />
      </body>
    </html>
  );
}
