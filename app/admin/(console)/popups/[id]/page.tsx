import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadPopupPage } from '@/features/console-popups/load';
import { PopupPage, type PopupNotices } from '@/features/console-popups/popup-page';
import { loadSplitTest } from '@/features/console-experiments/split-test-load';
import { SplitTestSection } from '@/features/console-experiments/split-test-section';

export const metadata: Metadata = { title: 'Поп-ап' };

/** A pop-up (console-popups) with the split test of its texts (console-experiments). */
export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<PopupNotices & { test?: string; keep?: string }>;
}) {
  const { id } = await params;
  const { test: testNotice, keep, ...notices } = await searchParams;
  const popup = await loadPopupPage(id);
  if (!popup) notFound();
  const test = await loadSplitTest(popup.popup);
  return (
    <PopupPage
      {...popup}
      notices={notices}
      splitTest={<SplitTestSection {...test} notice={testNotice ?? null} keepAsked={keep !== undefined && /^\d$/.test(keep) ? Number(keep) : null} />}
    />
  );
}
