import * as z from 'zod/mini'
import { flag, id, isoDate } from './common'
import { timeRange } from './opening-hours'

/**
 * The period response of GET /api/appointments (docs/product/7-calls.md). All times are wall-clock 'HH:MM' of
 * the keyed date in the shop's time zone, ranges half-open [start, end):
 * - m_workingHours: when the employee works that day (several ranges around breaks);
 * - m_event: when the resource is busy (appointments, absences, blocked time).
 * A slot is free for an employee when it lies inside a working range and overlaps no event;
 * with cabins (mode '2') a cabin, and each needed equipment (m_tabresA), must be free too.
 */
export const busyRanges = z._default(z.array(timeRange), [])

export const employeeAvailability = z.object({
  m_id: id,
  m_displayname: z.string(),
  m_workingHours: z._default(z.array(timeRange), []),
  m_event: busyRanges,
  /** the customer may pick this employee by name; otherwise only "anyone" reaches them */
  m_SbSelectionActive: flag(true),
})

export const equipmentAvailability = z.object({
  m_id: id,
  m_displayname: z.string(),
  m_event: busyRanges,
})

/** Cabins have no working hours: they follow the shop's opening hours. */
export const cabinAvailability = z.object({
  m_id: id,
  m_displayname: z.string(),
  m_event: busyRanges,
  m_tabresA: z._default(z.array(equipmentAvailability), []),
})

export const dayAvailability = z.object({
  m_tabres: z._default(z.array(employeeAvailability), []),
  m_tabresC: z._default(z.array(cabinAvailability), []),
})
export type DayAvailability = z.infer<typeof dayAvailability>

/** Keyed by 'YYYY-MM-DD'; a date absent from the period has nothing free. */
export const availabilityPeriod = z.record(isoDate, dayAvailability)
export type AvailabilityPeriod = z.infer<typeof availabilityPeriod>

/** docs/product/3-entities.md Availability entry: an employee or a cabin as listed for a shop. */
export const availabilityEntry = z.object({
  artebeauteId: id,
  displayName: z.string(),
  visible: flag(true),
})
