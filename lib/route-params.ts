/**
 * Static params of a dynamic route from a list of known paths: `paramsFor('/products/[course]/[variant]',
 * paths)` keeps the paths with the same number of segments whose fixed segments match and returns the
 * values of the bracketed ones. Routes use it in generateStaticParams, so every page is pre-rendered and
 * `dynamicParams = false` turns any other value into a 404.
 */
export function paramsFor(pattern: string, paths: readonly string[]): Record<string, string>[] {
  const patternSegments = segments(pattern);
  const result: Record<string, string>[] = [];
  for (const path of paths) {
    const pathSegments = segments(path);
    if (pathSegments.length !== patternSegments.length) continue;
    const params: Record<string, string> = {};
    const matches = patternSegments.every((segment, index) => {
      const value = pathSegments[index]!;
      const name = /^\[([a-zA-Z]+)\]$/.exec(segment)?.[1];
      if (name) params[name] = value;
      return name !== undefined || segment === value;
    });
    if (matches) result.push(params);
  }
  return result;
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/**
 * The path of a dynamic route for one set of its params, the reverse of paramsFor:
 * `pathFor('/products/[course]', { course: 'git' })` is '/products/git'.
 */
export function pathFor(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern.replace(/\[([a-zA-Z]+)\]/g, (_, name: string) => params[name] ?? '');
}

/**
 * Next hands a page and its generateMetadata the route's params as a Promise; this lets both be written as
 * plain functions of the params: `export default withParams(({ id }: { id: string }) => <View id={id} />)`.
 */
export function withParams<Params, Result>(fromParams: (params: Params) => Result) {
  return async ({ params }: { params: Promise<Params> }) => fromParams(await params);
}
