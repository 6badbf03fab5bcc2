import * as z from 'zod/mini'
import { closedDay, openDay } from '../calendar-day'
import { createCall, FIRST_PROVIDER, removeCall, updateCall } from './crud'

/**
 * The writes of closed days and exceptional open days (docs/decisions/087-studio-shops-and-team.md):
 * the spec lists only their reads (contentCalls.closedDays and openDays); the studio's shop
 * screen adds, changes and removes them. A day of one shop is its manager's too; a day of every
 * shop (shopId null) is the owner's.
 */
const closedDayBody = z.omit(closedDay, { id: true })
const openDayBody = z.omit(openDay, { id: true })

export const calendarDaysCalls = {
  closedCreate: createCall('/api/closeddays', closedDayBody, closedDay, FIRST_PROVIDER),
  closedUpdate: updateCall('/api/closeddays', closedDayBody, closedDay, FIRST_PROVIDER),
  closedRemove: removeCall('/api/closeddays', FIRST_PROVIDER),
  openCreate: createCall('/api/opendays', openDayBody, openDay, FIRST_PROVIDER),
  openUpdate: updateCall('/api/opendays', openDayBody, openDay, FIRST_PROVIDER),
  openRemove: removeCall('/api/opendays', FIRST_PROVIDER),
}
