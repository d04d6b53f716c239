import type { Metadata } from 'next';
import { loadInvitation } from '@/features/console-operators/load';
import { JoinPage } from '@/features/console-operators/join-page';

export const metadata: Metadata = { title: 'Приглашение', referrer: 'no-referrer' };

/** An operator's invitation: the one-time link's token is the path's last segment. */
export default async function Page({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <JoinPage token={token} invitation={await loadInvitation(token)} />;
}
