import * as z from 'zod/mini'
import { endAfterStart, id, instant, translatedText } from './common'

const alertFields = {
  /** the service the reserve button books; alerts whose service is not loaded are not shown */
  serviceId: id,
  /** translated HTML, sanitised at build time */
  body: translatedText,
  start: instant,
  end: instant,
}

/** docs/product/3-entities.md Alert: current while now is strictly between start and end (docs/product/4-states.md). */
export const alert = z.object({ id, ...alertFields }).check(endAfterStart)
export type Alert = z.infer<typeof alert>

/** POST /api/alerts and PUT /api/alerts/:id */
export const alertBody = z.object(alertFields).check(endAfterStart)
