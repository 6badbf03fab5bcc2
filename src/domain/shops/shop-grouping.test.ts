import { describe, expect, it } from 'vitest'
import { UNGROUPED_SHOP_GROUP } from '#contract/constants'
import { groupShops } from './shop-grouping'

interface Group {
  id: string
  name: string
  order?: number
  type?: string
}
interface Shop {
  id: string
  geoGroupment?: Group | null
}

const north: Group = { id: 'g1', name: 'Nord', order: 2, type: 'region' }
const south: Group = { id: 'g2', name: 'Sud', order: 1, type: 'region' }
const shops: Shop[] = [
  { id: '10', geoGroupment: north },
  { id: '11' },
  { id: '12', geoGroupment: south },
  { id: '13', geoGroupment: north },
  { id: '14', geoGroupment: null },
]
const summary = (list: Shop[]) =>
  groupShops<Group, Shop>(list).map((g) => [g.group.id, g.shops.map((s) => s.id)])

describe('shop grouping by geoGroupment (docs/product/3-entities.md, docs/product/9-constants.md)', () => {
  it('groups by geoGroupment ordered by group order, ungrouped last', () => {
    expect(summary(shops)).toEqual([
      ['g2', ['12']],
      ['g1', ['10', '13']],
      ['-1', ['11', '14']],
    ])
  })

  it('the ungrouped group is {id -1, name Autre(s), order 99999}, its id a string', () => {
    const last = groupShops<Group, Shop>(shops).at(-1)
    expect(last?.group).toEqual({ id: '-1', name: 'Autre(s)', order: 99999 })
    expect(last?.group).toBe(UNGROUPED_SHOP_GROUP)
  })

  it('keeps the group fields and lists no empty group', () => {
    expect(groupShops<Group, Shop>(shops)[0]?.group).toBe(south)
    expect(summary([{ id: '1' }])).toEqual([['-1', ['1']]])
    expect(summary([])).toEqual([])
  })

  it('equal orders sort by id, numerically; the ungrouped group stays last', () => {
    const a: Group = { id: '10', name: 'A', order: 1 }
    const b: Group = { id: '9', name: 'B', order: 1 }
    const c: Group = { id: '4', name: 'C' }
    const list: Shop[] = [
      { id: '1', geoGroupment: c },
      { id: '2', geoGroupment: a },
      { id: '3' },
      { id: '4', geoGroupment: b },
    ]
    expect(summary(list).map(([id]) => id)).toEqual(['9', '10', '4', '-1'])
  })
})
