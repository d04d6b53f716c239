import type { Metadata } from 'next';
import { loadUnknownPayments } from '@/features/console-payments/load';
import { UnknownPaymentsPage } from '@/features/console-payments/unknown-payments-page';

export const metadata: Metadata = { title: 'Оплаты по неизвестным номерам сделок' };

export default async function Page() {
  return <UnknownPaymentsPage {...await loadUnknownPayments()} />;
}
