/**
 * `{ ...defaults, ...props }`, except that a prop passed as `undefined` still gets its default, as with
 * defaults in a destructuring parameter.
 */
export function withDefaults<P extends object, D extends Partial<P>>(props: P, defaults: D): P & D {
  const given = Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined));
  return { ...defaults, ...given } as P & D;
}
