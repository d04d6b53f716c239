import type { Metadata } from 'next';
import { site } from '@/content/site';
import { HomePage } from '@/features/content-pages/home-page';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata: Metadata = {
  ...pageMetadata({ title: site.name, description: site.description, path: '/' }),
  // The home page's title is the site name alone, not "… — Фронтенд Старт".
  title: { absolute: `${site.name} — онлайн-школа фронтенд-разработки` },
};

export default function Home() {
  return <HomePage />;
}
