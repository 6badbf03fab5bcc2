import { describe, expect, it } from 'vitest'
import { shopBody } from '#contract/shop'
import { type NewShopDraft, newShopBody } from './new-shop'

const draft: NewShopDraft = {
  name: ' Bains de Thonon ',
  slug: 'thonon',
  address: { address: ' 2 quai Sud ', zipcode: '74200', city: 'Thonon', country: 'France' },
  phone: '',
  email: '',
  timeZone: 'Europe/Paris',
}
const others = [
  { slug: 'annecy', order: 0 },
  { slug: 'evian', order: 4 },
]

describe('newShopBody', () => {
  it('gives a shop the contract accepts, after the others, closed to online booking', () => {
    const result = newShopBody(draft, others)
    if (!('body' in result)) throw new Error(JSON.stringify(result))
    expect(result.body).toMatchObject({
      slug: 'thonon',
      order: 5,
      booker: { active: false },
      publicInfo: { name: 'Bains de Thonon', address: { address: '2 quai Sud' } },
    })
    expect(result.body.publicInfo).not.toHaveProperty('email')
    expect(shopBody.safeParse(result.body).success).toBe(true)
    expect(newShopBody(draft, [])).toMatchObject({ body: { order: 0 } })
  })

  it('names the first field to fix', () => {
    const error = (patch: Partial<NewShopDraft>) =>
      (newShopBody({ ...draft, ...patch }, others) as { error: unknown }).error
    expect(error({ name: '  ' })).toEqual({ field: 'name', reason: 'missing' })
    expect(error({ slug: 'Thonon' })).toEqual({ field: 'slug', reason: 'invalid' })
    expect(error({ slug: 'magazine' })).toEqual({ field: 'slug', reason: 'reserved' })
    expect(error({ slug: 'evian' })).toEqual({ field: 'slug', reason: 'taken' })
    expect(error({ address: { ...draft.address, city: ' ' } })).toEqual({
      field: 'city',
      reason: 'missing',
    })
    expect(error({ email: 'not-an-address' })).toEqual({ field: 'email', reason: 'invalid' })
    expect(error({ timeZone: 'Europe/Atlantis' })).toEqual({ field: 'timeZone', reason: 'invalid' })
  })
})
