// The floor of `npm run bench:lighthouse` and `npm run bench:real-phone`: a bare App Router page of the
// project's own Next.js version, with one client component that marks it live once hydrated.
import { LiveMark } from './live-mark';

export const metadata = { title: 'Floor' };

export default function RootLayout({ children }) {
  return (
    <html lang="ru">
      <body>
        {children}
        <LiveMark />
      </body>
    </html>
  );
}
