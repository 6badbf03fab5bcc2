import type { RouteSpec } from '#server/http/route.ts'
import { passwordRoutes } from './password.ts'
import { registerRoutes } from './register.ts'
import { sessionRoutes } from './session.ts'
import { socialRoutes } from './social.ts'

/** Customer accounts (docs/product/7-calls.md Users). The profile update, PUT /api/profiles, is in ../profiles. */
export const usersRoutes: RouteSpec[] = [
  ...sessionRoutes,
  ...registerRoutes,
  ...passwordRoutes,
  ...socialRoutes,
]
