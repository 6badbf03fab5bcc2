import { compareRoutes } from '../../src/contract/calls/index.ts'
import type { RouteSpec } from '../http/route.ts'
import type { ApiApp } from '../http/types.ts'
import { articlesRoutes } from './articles/index.ts'
import { categoriesRoutes } from './categories/index.ts'
import { companiesRoutes } from './companies/index.ts'
import { shopsRoutes } from './shops/index.ts'

/** Every resource's routes, one folder each (server/routes/<resource>/index.ts). */
const ALL: readonly RouteSpec[] = [
  ...companiesRoutes,
  ...shopsRoutes,
  ...categoriesRoutes,
  ...articlesRoutes,
]

/** Static paths first: Hono tries handlers in registration order (see compareRoutes). */
export function registerRoutes(app: ApiApp): void {
  for (const spec of [...ALL].sort((a, b) => compareRoutes(a.path, b.path))) spec.register(app)
}
