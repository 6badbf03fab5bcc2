import {
  GIFT_MESSAGE_MAX,
  GIFT_PRESET_AMOUNTS,
  type GiftFormError,
  type GiftFormField,
  giftFormErrors,
  parseGiftAmount,
} from '#domain/gift/gift-form'
import type { MessageParams } from '#i18n/format'
import type { MessageKey } from '#i18n/messages'

/**
 * The state of the gift voucher island (docs/product/3-entities.md Gift; docs/architecture.md "Islands"): the
 * step, the fields as typed, their errors (the rules of src/domain/gift/gift-form.ts), and once
 * paid the code and what is due at the shop. Pure: the API and the session are injected.
 */
export type GiftStep = 'form' | 'payment' | 'done'
export type GiftFieldErrors = Partial<Record<GiftFormField, GiftFormError>>

/** The amount choice that opens the typed amount; the others are preset amounts as text. */
export const CUSTOM_AMOUNT = 'custom'
/** The fields in the order the form shows them: the first wrong one takes the focus. */
export const GIFT_FIELDS: readonly GiftFormField[] = [
  'themeId',
  'amount',
  'shopId',
  'to',
  'email',
  'message',
]
/**
 * The amount choices: the company's offered amounts (booker.gifts.amounts, set in the studio:
 * docs/decisions/090-studio-marketing.md) or the form's presets, then a typed amount.
 */
export function amountChoices(amounts: readonly number[] = []): readonly string[] {
  const offered = amounts.length > 0 ? amounts : GIFT_PRESET_AMOUNTS
  return [...offered.map(String), CUSTOM_AMOUNT]
}

export interface GiftFormState {
  step: GiftStep
  themeId: string | null
  /** a preset amount (minor units, as text) or CUSTOM_AMOUNT */
  amountChoice: string
  customAmount: string
  shopId: string | null
  to: string
  email: string
  message: string
  errors: GiftFieldErrors
  /** the bought voucher's code, read back for a signed-in buyer */
  code: string | null
  /** decision 012: to be paid at the shop (free provider): the voucher waits for it */
  dueAtShop: number | null
}

/** The text fields, edited as typed. */
export type GiftTextField = 'customAmount' | 'to' | 'email' | 'message'

/** A fresh form: the second amount offered, the shop when there is only one. */
export function initialGiftForm(
  shops: readonly { id: string }[],
  amounts: readonly number[] = [],
): GiftFormState {
  const choices = amountChoices(amounts)
  return {
    step: 'form',
    themeId: null,
    amountChoice: choices.length > 2 ? (choices[1] ?? '') : (choices[0] ?? ''),
    customAmount: '',
    shopId: shops.length === 1 ? (shops[0]?.id ?? null) : null,
    to: '',
    email: '',
    message: '',
    errors: {},
    code: null,
    dueAtShop: null,
  }
}

export type GiftFormEvent =
  | { type: 'themeChosen'; themeId: string }
  | { type: 'amountChosen'; choice: string }
  | { type: 'shopChosen'; shopId: string | null }
  | { type: 'typed'; field: GiftTextField; value: string }
  /** the form was sent with these errors (see giftErrors): none opens the payment */
  | { type: 'submitted'; errors: GiftFieldErrors }
  | { type: 'backToForm' }
  | { type: 'paid'; dueAtShop: number | null }
  | { type: 'codeRead'; code: string | null }
  /** another voucher: the recipient and message are cleared, the theme and amount kept */
  | { type: 'restarted' }

export function giftFormReducer(state: GiftFormState, event: GiftFormEvent): GiftFormState {
  switch (event.type) {
    case 'themeChosen': {
      const { themeId: _, ...errors } = state.errors
      return { ...state, themeId: event.themeId, errors }
    }
    case 'amountChosen':
      return { ...state, amountChoice: event.choice }
    case 'shopChosen':
      return { ...state, shopId: event.shopId }
    case 'typed':
      return { ...state, [event.field]: event.value }
    case 'submitted':
      return {
        ...state,
        errors: event.errors,
        step: Object.keys(event.errors).length === 0 ? 'payment' : state.step,
      }
    case 'backToForm':
      return { ...state, step: 'form' }
    case 'paid':
      return { ...state, code: null, dueAtShop: event.dueAtShop, step: 'done' }
    case 'codeRead':
      return { ...state, code: event.code }
    case 'restarted':
      return { ...state, to: '', email: '', message: '', errors: {}, step: 'form' }
  }
}

/** The chosen amount in minor units; null when the typed amount cannot be read. */
export function giftAmount(state: GiftFormState, precision: number | undefined): number | null {
  return state.amountChoice === CUSTOM_AMOUNT
    ? parseGiftAmount(state.customAmount, precision)
    : Number(state.amountChoice)
}

/** The form's errors when sent, and the first wrong field (in GIFT_FIELDS order). */
export function giftErrors(
  state: GiftFormState,
  precision: number | undefined,
): { errors: GiftFieldErrors; first: GiftFormField | undefined } {
  const { themeId, to, email, message, shopId } = state
  const amount = giftAmount(state, precision)
  const errors = giftFormErrors({ themeId, amount, to, email, message, shopId })
  return { errors, first: GIFT_FIELDS.find((field) => errors[field]) }
}

/**
 * The words of a field's error: its catalog key and parameters (`range`: the voucher's bounds as
 * the page shows them).
 */
export function giftErrorWords(
  field: GiftFormField,
  error: GiftFormError,
  range: { min: string; max: string },
): { key: MessageKey; params?: MessageParams } {
  if (field === 'themeId') return { key: 'gift.errorTheme' }
  if (error === 'amountInvalid') return { key: 'gift.errorAmountInvalid' }
  if (error === 'amountOutOfRange') return { key: 'gift.errorAmountRange', params: range }
  if (error === 'emailInvalid') return { key: 'gift.errorEmail' }
  if (error === 'messageTooLong')
    return { key: 'gift.errorMessage', params: { max: GIFT_MESSAGE_MAX } }
  return { key: 'gift.errorRequired' }
}

/** The body of POST /api/payment/initialize for the voucher (purpose 'gift'). */
export function giftPaymentBody(state: GiftFormState, precision: number | undefined) {
  return {
    purpose: 'gift' as const,
    shopId: state.shopId ?? '',
    gift: {
      themeId: state.themeId ?? '',
      amount: giftAmount(state, precision) ?? 0,
      to: state.to.trim(),
      email: state.email.trim(),
      message: state.message.trim() || null,
    },
  }
}

/**
 * The code of the voucher just paid, for a signed-in buyer (the recipient gets it by e-mail
 * anyway): none while it waits for a payment at the shop, none when it cannot be read.
 */
export async function boughtCode(
  paid: { orderId: string | null; amountDue?: number | undefined },
  signedIn: boolean,
  listGifts: () => Promise<readonly { id: string | number; code: string }[]>,
): Promise<string | null> {
  // not paid yet: no usable code exists until the shop records the payment
  if (paid.amountDue !== undefined || !paid.orderId || !signedIn) return null
  try {
    const bought = await listGifts()
    return bought.find((gift) => String(gift.id) === paid.orderId)?.code ?? null
  } catch {
    return null
  }
}
