import { describe, expect, it } from 'vitest'
import { type CartSlot, cartSlot } from '#contract/appointment.ts'
import { type CartAppointment, releasedHolds, slotsToHold } from './cart-plan.ts'

const slot = (serviceid: string, start: string, end: string, employeeId?: string): CartSlot =>
  cartSlot.parse({
    serviceid,
    start,
    end,
    myAppointment: employeeId ? { employeeId } : {},
  })
const held = (
  serviceId: string,
  localStart: string,
  localEnd: string,
  employeeId = 'alice',
  status = 'hold',
): CartAppointment => ({ serviceId, localStart, localEnd, employeeId, status })

const CUT = slot('cut', '2027-04-29T09:00', '2027-04-29T10:00')
const COLOR = slot('color', '2027-04-29T10:00', '2027-04-29T11:00')

describe('one hold of the cart', () => {
  it('an empty cart holds every slot, in the order asked', () => {
    expect(slotsToHold([], [CUT, COLOR])).toEqual([CUT, COLOR])
    expect(releasedHolds([], [CUT, COLOR])).toEqual([])
  })

  it('a slot already held is kept, not held twice', () => {
    const live = [held('cut', '2027-04-29T09:00', '2027-04-29T10:00')]
    expect(slotsToHold(live, [CUT, COLOR])).toEqual([COLOR])
    expect(releasedHolds(live, [CUT, COLOR])).toEqual([])
  })

  it('a hold no slot asks for is released; a booked appointment never is', () => {
    const gone = held('color', '2027-04-29T14:00', '2027-04-29T15:00')
    const booked = held('color', '2027-04-29T16:00', '2027-04-29T17:00', 'bruno', 'confirmed')
    expect(releasedHolds([gone, booked], [CUT])).toEqual([gone])
  })

  it('a slot naming another employee than the hold is a new slot, and the hold is released', () => {
    const live = [held('cut', '2027-04-29T09:00', '2027-04-29T10:00', 'alice')]
    const withBruno = slot('cut', '2027-04-29T09:00', '2027-04-29T10:00', 'bruno')
    expect(slotsToHold(live, [withBruno])).toEqual([withBruno])
    expect(releasedHolds(live, [withBruno])).toEqual(live)
    // naming nobody takes whoever holds it
    expect(slotsToHold(live, [CUT])).toEqual([])
  })

  it('a moved time is a new slot', () => {
    const live = [held('cut', '2027-04-29T09:00', '2027-04-29T10:00')]
    const later = slot('cut', '2027-04-29T11:00', '2027-04-29T12:00')
    expect(slotsToHold(live, [later])).toEqual([later])
    expect(releasedHolds(live, [later])).toEqual(live)
  })
})
