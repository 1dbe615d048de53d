/**
 * The first path segments the site already serves, read from the Remix route
 * manifest (not a hand-written list): admins cannot give a page a slug that a
 * route would shadow or that would shadow a route.
 */
type RouteLike = { id: string; parentId?: string; path?: string };

/** `assets` is where the build puts its files (served before the Worker). */
const STATIC_DIRS = ["assets"];

export function servedFirstSegments(routes: Record<string, RouteLike | undefined>): Set<string> {
  const fullPath = (route: RouteLike | undefined): string => {
    if (!route) return "";
    const parent = route.parentId ? fullPath(routes[route.parentId]) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const segments = new Set(STATIC_DIRS);
  for (const route of Object.values(routes)) {
    const first = fullPath(route).split("/")[0] ?? "";
    if (first && !first.startsWith(":") && first !== "*") segments.add(first.toLowerCase());
  }
  return segments;
}

type ManifestRoute = RouteLike & { index?: boolean; caseSensitive?: boolean; module?: { handle?: unknown } };
type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteNode[] };

/** The flat route manifest as the nested tree `matchRoutes` takes. */
export function routeTree(routes: Record<string, ManifestRoute | undefined>): RouteNode[] {
  const all = Object.values(routes).filter((route): route is ManifestRoute => !!route);
  const childrenOf = (parentId: string | undefined): RouteNode[] =>
    all
      .filter((route) => route.parentId === parentId)
      .map((route) => ({
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        ...(route.index ? {} : { children: childrenOf(route.id) }),
      }));
  return childrenOf(undefined);
}
