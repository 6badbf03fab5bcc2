import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import type { PaymentProvider } from '../../domain/company/payment-enabled'
import {
  GIFT_MAX_AMOUNT,
  GIFT_MESSAGE_MAX,
  GIFT_MIN_AMOUNT,
  GIFT_PRESET_AMOUNTS,
  type GiftFormError,
  type GiftFormField,
  giftFormErrors,
  parseGiftAmount,
} from '../../domain/gift/gift-form'
import { formatMoney, type MoneySettingsLike } from '../../domain/money/format-money'
import { session } from '../../stores/browser'
import type { PaymentSuccess } from '../payment/payment-step-props'
import { PaymentWithBack } from '../shared/forms/PaymentWithBack'
import { islandApi } from '../shared/island-api'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'

export interface GiftTheme {
  id: string
  name: string
  image?: string | undefined
}

interface Props extends TranslatedProps {
  themes: GiftTheme[]
  shops: { id: string; name: string }[]
  money: MoneySettingsLike
  provider: PaymentProvider
  publicKey?: string | undefined
  returnPath: string
}

type Step = 'form' | 'payment' | 'done'
type FieldErrors = Partial<Record<GiftFormField, GiftFormError>>

function withoutField(errors: FieldErrors, field: GiftFormField): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field))
}
const CUSTOM = 'custom'
const FIELDS: readonly GiftFormField[] = ['themeId', 'amount', 'shopId', 'to', 'email', 'message']

/**
 * A gift voucher bought by anyone, signed in or not (spec §3 Gift, issue 6 §3): a theme, an
 * amount (a preset or typed), the recipient's name and e-mail and a message, then the payment of
 * purpose 'gift'. The server e-mails the code to the recipient once paid; a signed-in buyer also
 * sees it here.
 */
export default function GiftForm(props: Props) {
  const { themes, shops, money } = props
  const t = useTranslator(props)
  const [step, setStep] = useState<Step>('form')
  const [themeId, setThemeId] = useState<string | null>(null)
  const [amountChoice, setAmountChoice] = useState<string>(String(GIFT_PRESET_AMOUNTS[1] ?? ''))
  const [customAmount, setCustomAmount] = useState('')
  const [shopId, setShopId] = useState<string | null>(
    shops.length === 1 ? (shops[0]?.id ?? null) : null,
  )
  const [to, setTo] = useState('')
  const [email, setEmail] = useState('')
  const [message, setMessage] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [code, setCode] = useState<string | null>(null)
  /** decision 012: to be paid at the shop (free provider): the voucher waits for it */
  const [dueAtShop, setDueAtShop] = useState<number | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const form = useRef<HTMLFormElement>(null)
  const id = useId()
  const fieldId = (field: GiftFormField) => `${id}-${field}`
  const errorId = (field: GiftFormField) => `${id}-${field}-error`

  useEffect(() => {
    if (step !== 'form') heading.current?.focus()
  }, [step])

  const price = (minor: number) => formatMoney(minor, t.locale, money)
  const precision = money.mCurrency?.precision ?? undefined
  const amount =
    amountChoice === CUSTOM ? parseGiftAmount(customAmount, precision) : Number(amountChoice)
  const theme = themes.find((item) => item.id === themeId)
  const range = { min: price(GIFT_MIN_AMOUNT), max: price(GIFT_MAX_AMOUNT) }

  const errorText = (field: GiftFormField, error: GiftFormError) => {
    if (field === 'themeId') return t.t('gift.errorTheme')
    if (error === 'amountInvalid') return t.t('gift.errorAmountInvalid')
    if (error === 'amountOutOfRange') return t.t('gift.errorAmountRange', range)
    if (error === 'emailInvalid') return t.t('gift.errorEmail')
    if (error === 'messageTooLong') return t.t('gift.errorMessage', { max: GIFT_MESSAGE_MAX })
    return t.t('gift.errorRequired')
  }
  const invalid = (field: GiftFormField) =>
    errors[field]
      ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) }
      : { 'aria-invalid': undefined }
  const fieldError = (field: GiftFormField) => {
    const error = errors[field]
    return error ? (
      <p id={errorId(field)} className="shop-error">
        {errorText(field, error)}
      </p>
    ) : null
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = giftFormErrors({ themeId, amount, to, email, message, shopId })
    setErrors(found)
    const first = FIELDS.find((field) => found[field])
    if (first) {
      // the first wrong field takes the focus; its message is tied to it
      const target =
        first === 'themeId'
          ? form.current?.querySelector<HTMLInputElement>(`input[name="${id}-theme"]`)
          : first === 'amount'
            ? amountChoice === CUSTOM
              ? document.getElementById(fieldId('amount'))
              : form.current?.querySelector<HTMLInputElement>(`input[name="${id}-amount"]`)
            : document.getElementById(fieldId(first))
      target?.focus()
      return
    }
    setStep('payment')
  }

  const initialize = () =>
    islandApi.payment.initialize({
      body: {
        purpose: 'gift',
        shopId: shopId ?? '',
        gift: {
          themeId: themeId ?? '',
          amount: amount ?? 0,
          to: to.trim(),
          email: email.trim(),
          message: message.trim() || null,
        },
      },
    })

  const paid = async ({ orderId, amountDue }: PaymentSuccess) => {
    setCode(null)
    setDueAtShop(amountDue ?? null)
    setStep('done')
    // not paid yet: no usable code exists until the shop records the payment
    if (amountDue !== undefined) return
    // the recipient gets the code by e-mail; a signed-in buyer can read it back too
    if (orderId && session.$session.get().customerToken) {
      try {
        const bought = await islandApi.gifts.list()
        setCode(bought.find((gift) => String(gift.id) === orderId)?.code ?? null)
      } catch {
        // the e-mail carries it anyway
      }
    }
  }

  const restart = () => {
    setTo('')
    setEmail('')
    setMessage('')
    setErrors({})
    setStep('form')
  }

  if (step === 'done' && amount !== null && dueAtShop !== null) {
    return (
      <section className="gift-step" aria-labelledby={`${id}-done`} data-due-at-shop={dueAtShop}>
        <h2 id={`${id}-done`} ref={heading} tabIndex={-1}>
          {t.t('gift.awaitingTitle')}
        </h2>
        <p>
          {t.t('gift.awaitingText', {
            amount: price(dueAtShop),
            name: to.trim(),
            email: email.trim(),
          })}
        </p>
        <p>
          <button type="button" className="button" onClick={restart}>
            {t.t('gift.another')}
          </button>
        </p>
      </section>
    )
  }

  if (step === 'done' && amount !== null) {
    return (
      <section className="gift-step" aria-labelledby={`${id}-done`}>
        <h2 id={`${id}-done`} ref={heading} tabIndex={-1}>
          {t.t('gift.confirmedTitle')}
        </h2>
        <p>
          {t.t('gift.confirmedText', {
            amount: price(amount),
            name: to.trim(),
            email: email.trim(),
          })}
        </p>
        {code && <p className="gift-code">{t.t('gift.yourCode', { code })}</p>}
        <p>
          <button type="button" className="button" onClick={restart}>
            {t.t('gift.another')}
          </button>
        </p>
      </section>
    )
  }

  if (step === 'payment' && amount !== null) {
    return (
      <section className="gift-step" aria-labelledby={`${id}-pay`}>
        <h2 id={`${id}-pay`} ref={heading} tabIndex={-1}>
          {t.t('gift.paymentTitle')}
        </h2>
        <p>
          {t.t('gift.summary', {
            theme: theme?.name ?? '',
            amount: price(amount),
            name: to.trim(),
            email: email.trim(),
          })}
        </p>
        <PaymentWithBack
          settings={props}
          initialize={initialize}
          initializeErrors="giftPurchase"
          onPaid={paid}
          idPrefix="gift-payment"
          backLabel={t.t('gift.edit')}
          onBack={() => setStep('form')}
        />
      </section>
    )
  }

  const hasErrors = Object.keys(errors).length > 0
  return (
    <form ref={form} className="gift-form" noValidate onSubmit={submit}>
      <fieldset
        className="shop-fieldset"
        {...(errors.themeId ? { 'aria-describedby': errorId('themeId') } : {})}
      >
        <legend>{t.t('gift.theme')}</legend>
        <ul className="gift-themes">
          {themes.map((item) => (
            <li key={item.id}>
              <label className="gift-choice">
                <input
                  type="radio"
                  name={`${id}-theme`}
                  value={item.id}
                  checked={themeId === item.id}
                  onChange={() => {
                    setThemeId(item.id)
                    setErrors(withoutField(errors, 'themeId'))
                  }}
                />
                {item.image && (
                  <img src={item.image} alt="" width="400" height="300" loading="lazy" />
                )}
                <span>{item.name}</span>
              </label>
            </li>
          ))}
        </ul>
        {fieldError('themeId')}
      </fieldset>

      <fieldset className="shop-fieldset">
        <legend>{t.t('gift.amountChoice')}</legend>
        <ul className="gift-amounts">
          {[...GIFT_PRESET_AMOUNTS.map(String), CUSTOM].map((choice) => (
            <li key={choice}>
              <label className="gift-choice">
                <input
                  type="radio"
                  name={`${id}-amount`}
                  value={choice}
                  checked={amountChoice === choice}
                  onChange={() => setAmountChoice(choice)}
                />
                <span>{choice === CUSTOM ? t.t('gift.customAmount') : price(Number(choice))}</span>
              </label>
            </li>
          ))}
        </ul>
        {amountChoice === CUSTOM && (
          <div className="shop-field">
            <label htmlFor={fieldId('amount')}>{t.t('gift.customAmount')}</label>
            <p id={`${id}-amount-hint`} className="shop-hint">
              {t.t('gift.amountRange', range)}
            </p>
            <input
              id={fieldId('amount')}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={customAmount}
              onChange={(event) => setCustomAmount(event.target.value)}
              {...invalid('amount')}
              aria-describedby={
                errors.amount ? `${id}-amount-hint ${errorId('amount')}` : `${id}-amount-hint`
              }
            />
          </div>
        )}
        {fieldError('amount')}
      </fieldset>

      {shops.length > 1 && (
        <div className="shop-field">
          <label htmlFor={fieldId('shopId')}>{t.t('gift.shop')}</label>
          <select
            id={fieldId('shopId')}
            value={shopId ?? ''}
            onChange={(event) => setShopId(event.target.value || null)}
            {...invalid('shopId')}
          >
            <option value="">{t.t('gift.shopPlaceholder')}</option>
            {shops.map((shop) => (
              <option key={shop.id} value={shop.id}>
                {shop.name}
              </option>
            ))}
          </select>
          {fieldError('shopId')}
        </div>
      )}

      <div className="shop-field">
        <label htmlFor={fieldId('to')}>
          {t.t('gift.recipientName')} <span className="shop-hint">({t.t('gift.required')})</span>
        </label>
        <input
          id={fieldId('to')}
          type="text"
          autoComplete="off"
          required
          value={to}
          onChange={(event) => setTo(event.target.value)}
          {...invalid('to')}
        />
        {fieldError('to')}
      </div>

      <div className="shop-field">
        <label htmlFor={fieldId('email')}>
          {t.t('gift.recipientEmail')} <span className="shop-hint">({t.t('gift.required')})</span>
        </label>
        <input
          id={fieldId('email')}
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          {...invalid('email')}
        />
        {fieldError('email')}
      </div>

      <div className="shop-field">
        <label htmlFor={fieldId('message')}>{t.t('gift.message')}</label>
        <textarea
          id={fieldId('message')}
          maxLength={GIFT_MESSAGE_MAX}
          placeholder={t.t('gift.messagePlaceholder')}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          {...invalid('message')}
        />
        {fieldError('message')}
      </div>

      <div role="alert" className="shop-error">
        {hasErrors && Object.values(errors).some(Boolean) ? t.t('gift.errorSummary') : null}
      </div>
      <p>
        <button type="submit" className="button">
          {t.t('gift.continue')}
        </button>
      </p>
    </form>
  )
}
