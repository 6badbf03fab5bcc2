import { describe, expect, it } from 'vitest'
import { fillSecret, SECRET } from './index.ts'
import { packSecrets, secretPart, secretParts } from './secret-parts.ts'

describe('a secret packed from named parts', () => {
  it('puts each part in its own place, and a plain secret in SECRET', () => {
    const text = `move: /manage#${secretPart('manage')} file: /ics?token=${secretPart('calendar')}`
    const packed = packSecrets({ manage: 'm-1', calendar: 'c-2' })
    expect(fillSecret(text, packed)).toBe('move: /manage#m-1 file: /ics?token=c-2')
    expect(fillSecret(`code ${SECRET}`, '123456')).toBe('code 123456')
    expect(fillSecret(text, undefined)).toBe(text)
  })

  it('reads back only string parts; a plain secret has none', () => {
    expect(secretParts(packSecrets({ a: 'x' }))).toEqual({ a: 'x' })
    expect(secretParts('parts:{"a":1,"b":"y"}')).toEqual({ b: 'y' })
    expect(secretParts('123456')).toBeUndefined()
  })
})
