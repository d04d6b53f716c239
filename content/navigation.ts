/** Main navigation of the header and the footer. Every target is a route. */
export const mainNavigation = [
  { href: '/products', label: 'Курсы' },
  { href: '/roadmap/frontend', label: 'Роадмап' },
  { href: '/media', label: 'Медиа' },
  { href: '/personal-stories', label: 'Истории студентов' },
  { href: '/events/demo5days', label: 'События' },
  { href: '/about', label: 'О школе' },
] as const;

export const footerNavigation = [
  { href: '/products#professions', label: 'Профессии' },
  { href: '/products#free', label: 'Бесплатные курсы' },
  { href: '/roadmap/frontend', label: 'Роадмап фронтенда' },
  { href: '/roadmap/react', label: 'Роадмап React' },
  { href: '/cooperation', label: 'Вакансии' },
  { href: '/docs', label: 'Документы' },
] as const;
