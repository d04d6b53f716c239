import type { Metadata } from 'next';
import { cooperationIntro } from '@/content/pages/cooperation';
import { CooperationPage } from '@/features/content-pages/cooperation-page';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata: Metadata = pageMetadata({ title: cooperationIntro.title, description: cooperationIntro.description, path: '/cooperation' });

export default function Cooperation() {
  return <CooperationPage />;
}
