import type { Metadata } from 'next';
import { loadRefusedPayments } from '@/features/console-payments/load';
import { RefusedPaymentsPage } from '@/features/console-payments/refused-payments-page';

export const metadata: Metadata = { title: 'Отклонённые оплаты' };

export default async function Page() {
  return <RefusedPaymentsPage {...await loadRefusedPayments()} />;
}
