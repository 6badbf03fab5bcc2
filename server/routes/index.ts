import { compareRoutes } from '#contract/calls/index.ts'
import type { RouteSpec } from '#server/http/route.ts'
import type { ApiApp } from '#server/http/types.ts'
import { accessRoutes } from './access/index.ts'
import { agendaFeedRoutes } from './agenda-feed/index.ts'
import { alertsRoutes } from './alerts/index.ts'
import { appointmentsRoutes } from './appointments/index.ts'
import { articlesRoutes } from './articles/index.ts'
import { authRoutes } from './auth/index.ts'
import { bookingAdminRoutes } from './booking-admin/index.ts'
import { calendarRoutes } from './calendar/index.ts'
import { calendarDaysRoutes } from './calendar-days/index.ts'
import { categoriesRoutes } from './categories/index.ts'
import { cmpusersRoutes } from './cmpusers/index.ts'
import { collectionsRoutes } from './collections/index.ts'
import { companiesRoutes } from './companies/index.ts'
import { consentsRoutes } from './consents/index.ts'
import { couponsRoutes } from './coupons/index.ts'
import { customerFilesRoutes } from './customer-files/index.ts'
import { customersRoutes } from './customers/index.ts'
import { deskRoutes } from './desk/index.ts'
import { eshopRoutes } from './eshop/index.ts'
import { eshopCategoriesRoutes } from './eshop-categories/index.ts'
import { eshopStockRoutes } from './eshop-stock/index.ts'
import { eventsRoutes } from './events/index.ts'
import { geogroupmentsRoutes } from './geogroupments/index.ts'
import { giftsRoutes } from './gifts/index.ts'
import { linksRoutes } from './links/index.ts'
import { loyaltyRoutes } from './loyalty/index.ts'
import { manageRoutes } from './manage/index.ts'
import { mediasRoutes } from './medias/index.ts'
import { openApiRoutes } from './openapi/index.ts'
import { paymentRoutes } from './payment/index.ts'
import { platformRoutes } from './platform/index.ts'
import { postCategoriesRoutes } from './post-categories/index.ts'
import { postsRoutes } from './posts/index.ts'
import { profilesRoutes } from './profiles/index.ts'
import { resourcesRoutes } from './resources/index.ts'
import { shopsRoutes } from './shops/index.ts'
import { smsStatusRoutes } from './sms-status/index.ts'
import { storageRoutes } from './storage/index.ts'
import { usersRoutes } from './users/index.ts'
import { waitlistRoutes } from './waitlist/index.ts'

/** Every resource's routes, one folder each (server/routes/<resource>/index.ts). */
const ALL: readonly RouteSpec[] = [
  ...companiesRoutes,
  ...shopsRoutes,
  ...categoriesRoutes,
  ...articlesRoutes,
  ...alertsRoutes,
  ...calendarDaysRoutes,
  ...couponsRoutes,
  ...eshopCategoriesRoutes,
  ...eshopStockRoutes,
  ...eventsRoutes,
  ...geogroupmentsRoutes,
  ...postCategoriesRoutes,
  ...postsRoutes,
  ...resourcesRoutes,
  ...storageRoutes,
  ...usersRoutes,
  ...authRoutes,
  ...profilesRoutes,
  ...linksRoutes,
  ...cmpusersRoutes,
  ...accessRoutes,
  ...appointmentsRoutes,
  ...agendaFeedRoutes,
  ...manageRoutes,
  ...giftsRoutes,
  ...eshopRoutes,
  ...loyaltyRoutes,
  ...customersRoutes,
  ...customerFilesRoutes,
  ...calendarRoutes,
  ...bookingAdminRoutes,
  ...deskRoutes,
  ...paymentRoutes,
  ...openApiRoutes,
  ...waitlistRoutes,
  ...smsStatusRoutes,
  ...consentsRoutes,
  ...platformRoutes,
  ...mediasRoutes,
  ...collectionsRoutes,
]

/** Static paths first: Hono tries handlers in registration order (see compareRoutes). */
export function registerRoutes(app: ApiApp): void {
  for (const spec of [...ALL].sort((a, b) => compareRoutes(a.path, b.path))) spec.register(app)
}
