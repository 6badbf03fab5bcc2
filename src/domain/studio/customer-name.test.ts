import { describe, expect, it } from 'vitest'
import { customerName, pageCount } from './customer-name'

describe('customer names and pages in the studio (docs/decisions/071-studio-app.md)', () => {
  it('names a customer by first and last name, else by e-mail, else not at all', () => {
    expect(customerName({ firstname: 'Camille', lastname: 'Martin', email: 'c@x.fr' })).toBe(
      'Camille Martin',
    )
    expect(customerName({ firstname: '', lastname: ' ', email: ' c@x.fr ' })).toBe('c@x.fr')
    expect(customerName({ lastname: 'Martin' })).toBe('Martin')
    expect(customerName({})).toBe('')
  })

  it('counts pages, one at least', () => {
    expect(pageCount(0, 20)).toBe(1)
    expect(pageCount(20, 20)).toBe(1)
    expect(pageCount(21, 20)).toBe(2)
  })
})
