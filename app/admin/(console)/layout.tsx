import { ConsoleNav } from '@/features/console/console-nav';
import { requireOperator } from '@/server/admin/session';

/**
 * The signed-in part of the console. Each page's loader and each action checks the session itself as
 * well: a layout is not re-run on every navigation, so it is not a guard on its own.
 */
export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const operator = await requireOperator();
  return (
    <>
      <ConsoleNav email={operator.email} />
      <main className="mx-auto max-w-7xl px-4 py-6">{children}</main>
    </>
  );
}
