import { type AppointmentRequest, appointmentRequest } from '#contract/appointment.ts'
import type { AppointmentRow } from '#server/db/schema/index.ts'
import { badRequest } from '#server/kernel/index.ts'

const wallMs = (local: string) => Date.parse(`${local}:00Z`)
const wallOf = (ms: number) => new Date(ms).toISOString().slice(0, 16)

/**
 * The requests of the moved visit: each appointment keeps its service, equipment, note and its
 * place relative to the first one, which starts at `start` (shop wall-clock). Any qualified
 * free employee may take it: the one booked before is preferred only by the ordinary choice.
 */
export function movedRequests(
  live: readonly AppointmentRow[],
  start: string,
): AppointmentRequest[] {
  const first = live[0]
  if (!first) return []
  const shift = wallMs(start) - wallMs(first.localStart)
  return live.map((a) => {
    const parsed = appointmentRequest.safeParse({
      shopid: a.shopId,
      serviceid: a.serviceId,
      start: wallOf(wallMs(a.localStart) + shift),
      end: wallOf(wallMs(a.localEnd) + shift),
      myAppointment: { equipmentIds: a.equipmentIds },
      ...(a.customMessage === null ? {} : { customMessage: a.customMessage }),
    })
    if (!parsed.success) throw badRequest('The visit cannot move to this day.', 'invalidInput')
    return parsed.data
  })
}
