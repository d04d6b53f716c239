import type { Metadata } from 'next';
import { CoursePricesPage, type PriceNotices } from '@/features/console-prices/course-prices-page';
import { loadCoursePrices } from '@/features/console-prices/load';

export const metadata: Metadata = { title: 'Цены курса' };

export default async function Page({ params, searchParams }: { params: Promise<{ course: string }>; searchParams: Promise<PriceNotices> }) {
  const [{ course }, notices] = await Promise.all([params, searchParams]);
  const prices = await loadCoursePrices(course, notices.restoreRefused);
  return <CoursePricesPage {...prices} notices={notices} />;
}
