import { describe, expect, it } from 'vitest'
import type { CollectionField } from '#contract/index'
import { itemDisplay } from './item-display'

const f = (key: string, kind: CollectionField['kind']) => ({ key, kind, label: { fr: key } })

describe('itemDisplay (decision 084)', () => {
  const fields = [
    f('name', 'text'),
    f('role', 'text'),
    f('bio', 'longText'),
    f('photo', 'image'),
    f('price', 'money'),
    f('senior', 'boolean'),
    f('site', 'url'),
    f('years', 'number'),
  ]

  it('takes the first text, long text, image and amount, and lists the rest', () => {
    const shown = itemDisplay(fields, {
      name: 'Léa',
      role: { fr: 'Esthéticienne', en: 'Beautician' },
      bio: { fr: 'Dix ans', en: '' },
      photo: '/media/lea.webp',
      price: 4500,
      senior: true,
      site: 'https://lea.example',
      years: 10,
    })
    expect(shown.title?.en).toBe('Léa')
    expect(shown.body).toEqual({ fr: 'Dix ans', en: '' })
    expect(shown.image).toBe('/media/lea.webp')
    expect(shown.price).toBe(4500)
    expect(shown.rows.map((row) => [row.key, row.value.kind])).toEqual([
      ['role', 'text'],
      ['senior', 'yes'],
      ['site', 'link'],
      ['years', 'number'],
    ])
  })

  it('leaves out empty values and false flags', () => {
    const shown = itemDisplay(fields, { name: ' ', role: { fr: '' }, senior: false })
    expect(shown).toEqual({
      title: undefined,
      body: undefined,
      image: undefined,
      price: undefined,
      rows: [],
    })
  })
})
