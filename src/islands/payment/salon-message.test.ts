import { describe, expect, it } from 'vitest'
import { SALON_MESSAGE_MAX } from '#contract/constants'
import { createSalonMessageSaver, salonMessageOf } from './salon-message'

describe('message for the salon', () => {
  it('sends the text trimmed, nothing for an empty field, at most the server limit', () => {
    expect(salonMessageOf('  Allergique aux huiles essentielles ')).toBe(
      'Allergique aux huiles essentielles',
    )
    expect(salonMessageOf(' \n ')).toBeNull()
    expect(salonMessageOf('x'.repeat(SALON_MESSAGE_MAX + 5))).toHaveLength(SALON_MESSAGE_MAX)
  })

  it('saves once per cart and text, and sends again when the text changed', async () => {
    const calls: { cartId: string; message: string }[] = []
    let text = 'Merci de prévoir une serviette chaude'
    const save = createSalonMessageSaver({
      update: async (body) => calls.push(body) > 0,
      read: () => text,
    })
    await save('c1')
    await save('c1')
    text = 'Plutôt une serviette froide'
    await save('c1')
    expect(calls).toEqual([
      { cartId: 'c1', message: 'Merci de prévoir une serviette chaude' },
      { cartId: 'c1', message: 'Plutôt une serviette froide' },
    ])
  })

  it('sends nothing for an empty field', async () => {
    const calls: unknown[] = []
    const save = createSalonMessageSaver({ update: async (b) => calls.push(b) > 0, read: () => '' })
    await save('c1')
    expect(calls).toEqual([])
  })

  it('a failed update resolves (the payment goes on) and is tried again on the next attempt', async () => {
    let attempts = 0
    const save = createSalonMessageSaver({
      update: async () => {
        attempts += 1
        if (attempts === 1) throw new Error('network')
        return false
      },
      read: () => 'Bonjour',
    })
    await expect(save('c1')).resolves.toBeUndefined()
    await expect(save('c1')).resolves.toBeUndefined()
    await expect(save('c1')).resolves.toBeUndefined()
    expect(attempts).toBe(3)
  })
})
