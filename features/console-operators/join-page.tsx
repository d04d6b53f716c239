import Link from 'next/link';
import { ui } from '@/components/console/ui';
import { JoinForm } from './join-form';
import type { loadInvitation } from './load';
import { joinErrorText } from './operator-labels';

/** An invitation's page: the form while the invitation is open, else why the link no longer works. */
export function JoinPage({ token, invitation }: { token: string; invitation: Awaited<ReturnType<typeof loadInvitation>> }) {
  return (
    <main className="mx-auto flex max-w-sm flex-col gap-6 px-4 py-16">
      <h1 className="text-2xl font-semibold">Приглашение в консоль</h1>
      {invitation.state === 'open' ? (
        <JoinForm token={token} email={invitation.email} />
      ) : (
        <>
          <p role="alert">{joinErrorText(invitation.state)}</p>
          <Link href="/admin/sign-in" className={ui.link}>
            Вход в консоль
          </Link>
        </>
      )}
    </main>
  );
}
