import type { Metadata } from 'next';
import { loadOperators } from '@/features/console-operators/load';
import { OperatorsPage } from '@/features/console-operators/operators-page';

export const metadata: Metadata = { title: 'Операторы' };

export default async function Page() {
  return <OperatorsPage {...await loadOperators()} />;
}
