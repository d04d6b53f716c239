/** The context of a field-vitals report as a phone on a course page sends it; each test adds the metrics it needs. */
export const phoneOnCoursePage = {
  page: '/products/[course]',
  device: 'phone',
  connection: '4g',
  navigation: 'navigate',
  popup: false,
} as const;
