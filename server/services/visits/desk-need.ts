import type { PreparedRequest } from '../booking/index.ts'
import { UnavailableError } from '../booking/index.ts'

/**
 * A request prepared as the site's are (prepareRequest: shop, service, hours, grid, not past),
 * then kept to the column the desk chose (docs/decisions/077-desk-booking.md): an employee or a
 * cabin qualified for the service. The site's own pick by name is for employees open to
 * selection; the desk may book anyone who works then, so it narrows here instead. A column that
 * cannot take the service is 409 `slotUnavailable` (employee).
 */
export function inColumn(
  prepared: PreparedRequest,
  resourceId: string | undefined,
): PreparedRequest {
  if (resourceId === undefined) return prepared
  const { need } = prepared
  if (need.employees.includes(resourceId)) {
    return { ...prepared, need: { ...need, employees: [resourceId] } }
  }
  if (need.cabins?.includes(resourceId)) {
    return { ...prepared, need: { ...need, cabins: [resourceId] } }
  }
  throw new UnavailableError('employee')
}
