import type { Metadata } from 'next';
import { ui } from '@/features/admin/ui';
import { requireOperator } from '@/server/admin/session';

export const metadata: Metadata = { title: 'Обзор' };

export default async function OverviewPage() {
  await requireOperator();
  return <h1 className={ui.h1}>Обзор</h1>;
}
