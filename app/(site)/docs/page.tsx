import type { Metadata } from 'next';
import { DocsPage } from '@/features/content-pages/docs-page';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata: Metadata = pageMetadata({
  title: 'Документы',
  description:
    'Политика конфиденциальности, пользовательское соглашение, договор-оферта и согласие на обработку персональных данных онлайн-школы «Фронтенд Старт».',
  path: '/docs',
});

export default DocsPage;
