// The floor with the site's own stylesheet (copied to public/ by bench/lighthouse.ts before the run):
// what one render-blocking stylesheet costs a bare page, apart from anything the site's pages add.
export default function StyledPage() {
  return (
    <main>
      {/* eslint-disable-next-line @next/next/no-css-tags -- the site's built stylesheet, exactly as it is */}
      <link rel="stylesheet" href="/site.css" precedence="default" />
      <h1>Онлайн-школа программирования</h1>
      <p>Курсы для тех, кто хочет стать фронтенд-разработчиком: от первых строк кода до первой работы.</p>
    </main>
  );
}
