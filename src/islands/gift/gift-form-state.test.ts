import { describe, expect, it } from 'vitest'
import { GIFT_MESSAGE_MAX } from '#domain/gift/gift-form'
import {
  amountChoices,
  boughtCode,
  CUSTOM_AMOUNT,
  type GiftFormEvent,
  type GiftFormState,
  giftAmount,
  giftErrors,
  giftErrorWords,
  giftFormReducer,
  giftPaymentBody,
  initialGiftForm,
} from './gift-form-state'

const SHOPS = [
  { id: 's1', name: 'Annecy' },
  { id: 's2', name: 'Lyon' },
]

function run(events: GiftFormEvent[], from: GiftFormState = initialGiftForm(SHOPS)) {
  return events.reduce(giftFormReducer, from)
}

const filled: GiftFormEvent[] = [
  { type: 'themeChosen', themeId: 't1' },
  { type: 'shopChosen', shopId: 's2' },
  { type: 'typed', field: 'to', value: ' Alice ' },
  { type: 'typed', field: 'email', value: ' alice@example.com ' },
  { type: 'typed', field: 'message', value: '  ' },
]

describe('gift form state', () => {
  it('starts on the form with the second preset amount, and the shop when there is one', () => {
    const several = initialGiftForm(SHOPS)
    expect(several).toMatchObject({ step: 'form', amountChoice: '5000', shopId: null, errors: {} })
    expect(initialGiftForm([{ id: 'only' }]).shopId).toBe('only')
  })

  it('reads a preset amount, or the typed one at the currency precision', () => {
    expect(giftAmount(run([]), 2)).toBe(5000)
    const typed = run([
      { type: 'amountChosen', choice: CUSTOM_AMOUNT },
      { type: 'typed', field: 'customAmount', value: '75,5' },
    ])
    expect(giftAmount(typed, 2)).toBe(7550)
    expect(giftAmount(typed, 0)).toBeNull()
  })

  it('sending an empty form lists the errors, the theme first, and stays on the form', () => {
    const { errors, first } = giftErrors(run([]), 2)
    expect(first).toBe('themeId')
    expect(errors).toEqual({
      themeId: 'required',
      shopId: 'required',
      to: 'required',
      email: 'required',
    })
    expect(run([{ type: 'submitted', errors }])).toMatchObject({ step: 'form', errors })
  })

  it('the first wrong field follows the form order (the amount before the shop)', () => {
    const state = run([
      { type: 'themeChosen', themeId: 't1' },
      { type: 'amountChosen', choice: CUSTOM_AMOUNT },
      { type: 'typed', field: 'customAmount', value: '5' },
    ])
    expect(giftErrors(state, 2)).toMatchObject({
      first: 'amount',
      errors: { amount: 'amountOutOfRange', shopId: 'required' },
    })
  })

  it('choosing a theme clears its error only', () => {
    const { errors } = giftErrors(run([]), 2)
    const chosen = run([
      { type: 'submitted', errors },
      { type: 'themeChosen', themeId: 't2' },
    ])
    expect(chosen.themeId).toBe('t2')
    expect(chosen.errors).toEqual({ shopId: 'required', to: 'required', email: 'required' })
  })

  it('a valid form opens the payment, and the body carries the trimmed voucher', () => {
    const state = run(filled)
    const { errors, first } = giftErrors(state, 2)
    expect(first).toBeUndefined()
    expect(run([{ type: 'submitted', errors }], state).step).toBe('payment')
    expect(giftPaymentBody(state, 2)).toEqual({
      purpose: 'gift',
      shopId: 's2',
      gift: { themeId: 't1', amount: 5000, to: 'Alice', email: 'alice@example.com', message: null },
    })
  })

  it('paid, then another voucher: the recipient and message cleared, theme and amount kept', () => {
    const paid = run([
      ...filled,
      { type: 'submitted', errors: {} },
      { type: 'codeRead', code: 'OLD' },
    ])
    const done = run([{ type: 'paid', dueAtShop: 5000 }], paid)
    expect(done).toMatchObject({ step: 'done', code: null, dueAtShop: 5000 })
    expect(run([{ type: 'restarted' }], done)).toMatchObject({
      step: 'form',
      to: '',
      email: '',
      message: '',
      errors: {},
      themeId: 't1',
      shopId: 's2',
      amountChoice: '5000',
    })
    expect(run([{ type: 'backToForm' }], paid).step).toBe('form')
  })

  it('words each error with its catalog key and parameters', () => {
    const range = { min: '10 €', max: '1 000 €' }
    expect(giftErrorWords('themeId', 'required', range)).toEqual({ key: 'gift.errorTheme' })
    expect(giftErrorWords('amount', 'amountInvalid', range)).toEqual({
      key: 'gift.errorAmountInvalid',
    })
    expect(giftErrorWords('amount', 'amountOutOfRange', range)).toEqual({
      key: 'gift.errorAmountRange',
      params: range,
    })
    expect(giftErrorWords('email', 'emailInvalid', range)).toEqual({ key: 'gift.errorEmail' })
    expect(giftErrorWords('message', 'messageTooLong', range)).toEqual({
      key: 'gift.errorMessage',
      params: { max: GIFT_MESSAGE_MAX },
    })
    expect(giftErrorWords('to', 'required', range)).toEqual({ key: 'gift.errorRequired' })
  })
})

describe('boughtCode', () => {
  const gifts = async () => [
    { id: 7, code: 'GIFT-7' },
    { id: 8, code: 'GIFT-8' },
  ]

  it("reads the paid voucher's code back for a signed-in buyer", async () => {
    expect(await boughtCode({ orderId: '8' }, true, gifts)).toBe('GIFT-8')
    expect(await boughtCode({ orderId: '9' }, true, gifts)).toBeNull()
  })

  it('asks nothing while the voucher waits for the shop, without an order or a session', async () => {
    const never = () => Promise.reject(new Error('not to be called'))
    expect(await boughtCode({ orderId: '8', amountDue: 5000 }, true, never)).toBeNull()
    expect(await boughtCode({ orderId: null }, true, never)).toBeNull()
    expect(await boughtCode({ orderId: '8' }, false, never)).toBeNull()
  })

  it('a failed read leaves the code to the e-mail', async () => {
    expect(
      await boughtCode({ orderId: '8' }, true, () => Promise.reject(new Error('down'))),
    ).toBeNull()
  })
})

describe('the amounts offered (docs/decisions/090-studio-marketing.md)', () => {
  it("are the company's when it names some, else the presets, then a typed amount", () => {
    expect(amountChoices([2_000, 4_000])).toEqual(['2000', '4000', 'custom'])
    expect(amountChoices([])).toEqual(['3000', '5000', '10000', '15000', 'custom'])
    expect(initialGiftForm([], [2_000, 4_000, 8_000]).amountChoice).toBe('4000')
    expect(initialGiftForm([], [7_500]).amountChoice).toBe('7500')
    expect(initialGiftForm([]).amountChoice).toBe('5000')
  })
})
