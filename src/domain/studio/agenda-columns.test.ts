import { describe, expect, it } from 'vitest'
import { agendaColumns, columnOf } from './agenda-columns'
import { type AgendaEvent, UNASSIGNED } from './agenda-events'

const resource = (id: string, type: number, shopId = '1') => ({
  id,
  shopId,
  type,
  displayName: `R${id}`,
})
const RESOURCES = [
  resource('351', 200),
  resource('301', 100),
  resource('302', 100),
  resource('352', 200),
  resource('401', 100, '2'),
]
const event = (resourceId: string) => ({ resourceId }) as AgendaEvent

describe('agenda columns (docs/decisions/071-studio-app.md)', () => {
  it("lists the shop's employees, then its cabins, even those visitors never pick", () => {
    expect(agendaColumns(RESOURCES, '1', []).map((c) => [c.id, c.kind])).toEqual([
      ['301', 'employee'],
      ['302', 'employee'],
      ['351', 'cabin'],
      ['352', 'cabin'],
    ])
  })

  it('adds an unassigned column only when an appointment needs it', () => {
    const columns = agendaColumns(RESOURCES, '1', [event('301'), event('399')])
    expect(columns.at(-1)).toEqual({ id: UNASSIGNED, kind: 'unassigned' })
    expect(columnOf(event('399'), columns)).toBe(UNASSIGNED)
    expect(columnOf(event('301'), columns)).toBe('301')
  })

  it('keeps a practitioner to their own columns', () => {
    expect(agendaColumns(RESOURCES, '1', [], ['302']).map((c) => c.id)).toEqual(['302'])
  })
})
