import type { RouteSpec } from '#server/http/route.ts'
import { twilioStatusRoute } from './twilio.ts'
import { vonageStatusRoute } from './vonage.ts'

/**
 * SMS delivery reports (docs/decisions/055-sms-providers.md): not contract calls,
 * the providers call them, as payment notifications (server/routes/payment/notify.ts).
 */
export const smsStatusRoutes: RouteSpec[] = [twilioStatusRoute, vonageStatusRoute]
