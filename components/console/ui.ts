/** The console's few recurring styles, one place so every control looks and focuses alike. */
export const ui = {
  input: 'rounded border border-gray-400 px-2 py-1.5 text-sm focus-visible:border-brand-600',
  button: 'rounded border border-gray-400 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-100 disabled:opacity-60',
  primaryButton: 'rounded bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60',
  dangerButton: 'rounded bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60',
  link: 'text-brand-700 underline underline-offset-2 hover:no-underline',
  h1: 'mb-4 text-2xl font-semibold',
  h2: 'mb-2 mt-6 text-lg font-semibold',
  table:
    'w-full border-collapse text-left text-sm [&_td]:border-b [&_td]:border-gray-200 [&_td]:px-2 [&_td]:py-1.5 [&_th]:border-b-2 [&_th]:border-gray-300 [&_th]:px-2 [&_th]:py-1.5 [&_th]:font-semibold',
} as const;
