import type { Metadata } from 'next';
import { loadAutopilot } from '@/features/console-autopilot/load';
import { AutopilotSection } from '@/features/console-autopilot/autopilot-section';
import { loadPageTestsPage } from '@/features/console-experiments/page-test-load';
import { PageTestsPage } from '@/features/console-experiments/page-tests-page';

export const metadata: Metadata = { title: 'Тесты страниц' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [tests, autopilot, params] = await Promise.all([loadPageTestsPage(), loadAutopilot(), searchParams]);
  const notice = typeof params.autopilot === 'string' ? params.autopilot : null;
  return (
    <>
      <PageTestsPage {...tests} />
      <AutopilotSection data={autopilot} notice={notice} />
    </>
  );
}
