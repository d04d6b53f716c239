// The floor of `npm run bench:lighthouse`: a bare App Router page of the project's own Next.js version.
export const metadata = { title: 'Floor' };

export default function RootLayout({ children }) {
  return (
    <html lang="ru">
      <body>{children}</body>
    </html>
  );
}
