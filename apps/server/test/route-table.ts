import type { ZodApp } from '../src/http/types.ts';

export interface TableRoute {
  method: string;
  /** As registered, e.g. `/api/v1/pinboard/widgets/:id`. */
  url: string;
  /** A path that reaches it: parameters filled with 1, a wildcard with x. */
  path: string;
  isPublic: boolean;
  /** Whether its request carries its own secret, so it takes a state-changing request with no Origin (`config.keyedByToken`). */
  keyedByToken: boolean;
  /** The role it needs beyond a session (`config.role`), when it needs one. */
  role: 'admin' | undefined;
  /** Whether it declares a body schema; one without takes no body (see `http/json-body.ts`). */
  takesBody: boolean;
}

/** Every method of every route the app registered after its security hook (see `http/security.ts`). */
export function routesOf(app: ZodApp): TableRoute[] {
  return app.routeTable.flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
      method,
      url: route.url ?? '',
      path: (route.url ?? '').replace(/:[^/]+/g, '1').replace('*', 'x'),
      isPublic: route.config?.public === true,
      keyedByToken: route.config?.keyedByToken === true,
      role: route.config?.role,
      takesBody: route.schema?.body !== undefined,
    })),
  );
}

export const STATE_CHANGING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
