import * as z from 'zod/mini'
import { flag, id, maybe, slug } from './common'
import { openingHours } from './opening-hours'

/**
 * A bookable resource of a shop. `type` is the back office's number: COLLABORATOR_RESOURCE_TYPE
 * (100) is an employee; other numbers are cabins and equipment.
 */
export const resource = z.object({
  id,
  artebeauteId: maybe(id),
  /** the back office's lookup name (GET /api/resources/slug/:slug), unique in the company */
  slug: maybe(slug),
  shopId: id,
  type: z.int().check(z.nonnegative()),
  displayName: z.string().check(z.minLength(1)),
  firstname: maybe(z.string()),
  lastname: maybe(z.string()),
  visible: flag(true),
  /** an employee's week, same shape and rules as a shop's opening hours */
  workingHours: openingHours,
  /** the services an employee performs; empty means all */
  services: z._default(z.array(id), []),
  /** for a cabin: the equipment it holds */
  equipments: z._default(z.array(id), []),
})

export type Resource = z.infer<typeof resource>

export const resourceBody = z.omit(resource, { id: true })
