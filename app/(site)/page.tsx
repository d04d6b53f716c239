export default function HomePage() {
  return <h1 className="mx-auto max-w-6xl px-4 py-16 text-4xl font-bold">Фронтенд Старт</h1>;
}
