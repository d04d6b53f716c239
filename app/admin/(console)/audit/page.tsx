import type { Metadata } from 'next';
import { JournalPage } from '@/features/console-journal/journal-page';
import { loadJournal } from '@/features/console-journal/load';

export const metadata: Metadata = { title: 'Журнал' };

export default async function AuditPage({ searchParams }: { searchParams: Promise<{ before?: string }> }) {
  const { before } = await searchParams;
  const journal = await loadJournal(/^\d{1,12}$/.test(before ?? '') ? Number(before) : undefined);
  return <JournalPage {...journal} />;
}
