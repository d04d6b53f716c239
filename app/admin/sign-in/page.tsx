import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/features/console/sign-in-form';
import { operatorOf } from '@/server/admin/session';

export const metadata: Metadata = { title: 'Вход' };

export default async function SignInPage() {
  if (await operatorOf(await headers())) redirect('/admin');
  return (
    <main className="mx-auto flex max-w-sm flex-col gap-6 px-4 py-16">
      <h1 className="text-2xl font-semibold">Вход в консоль</h1>
      <SignInForm />
    </main>
  );
}
