import { useEffect, useId, useReducer, useRef } from 'react'
import {
  type AppliedCoupon,
  codeOf,
  couponFieldReducer,
  initialCouponField,
} from '#domain/coupon/coupon-field'
import { formatMoney, type MoneySettingsLike } from '#domain/money/format-money'
import { errorKey } from '#i18n/error-messages'
import type { MessageKey } from '#i18n/messages'
import { type TranslatedProps, useTranslator } from './use-translator'

export interface CouponFieldProps extends TranslatedProps {
  money: MoneySettingsLike
  /** a coupon the customer applied earlier (the cart's, shown again on the payment step) */
  initial?: AppliedCoupon | null | undefined
  /**
   * Asks the server what the code takes off (POST /api/coupons/apply in a cart, a new
   * POST /api/payment/initialize on the payment step); an ApiError rejection is a refusal.
   */
  apply(code: string): Promise<AppliedCoupon>
  /** the coupon now applied, or null once removed */
  onChange(applied: AppliedCoupon | null): void
  /**
   * The server's latest amounts for the applied coupon, when they come from elsewhere than
   * `apply` (the payment step's initialize): shown instead of the ones `apply` answered.
   */
  amounts?: { discount: number; total: number } | undefined
  /** show the total after the discount (the carts; the payment step shows its own total) */
  showTotal?: boolean | undefined
  disabled?: boolean | undefined
}

/**
 * The coupon code field (docs/product/5-rules.md#coupons): label, input, apply (Enter works: it is
 * a form), a busy state, the localized refusal, and once applied the server's discount as its own
 * line with a remove button. States and refusals live in src/domain/coupon/coupon-field.ts.
 * DOM hooks for tests: [data-coupon-field][data-state], [data-coupon-discount][data-amount],
 * [data-coupon-total][data-amount], [data-coupon-refusal].
 */
export function CouponField(props: CouponFieldProps) {
  const { apply, onChange, money } = props
  const t = useTranslator(props)
  const [state, dispatch] = useReducer(
    couponFieldReducer<MessageKey>,
    props.initial,
    initialCouponField<MessageKey>,
  )
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const removeRef = useRef<HTMLButtonElement>(null)
  const status = state.status
  const previous = useRef(status)

  // keyboard users follow the field: applied → the remove button, removed → the input
  useEffect(() => {
    if (previous.current === 'applying' && status === 'applied') removeRef.current?.focus()
    if (previous.current === 'applied' && status === 'idle') inputRef.current?.focus()
    if (status === 'refused') inputRef.current?.focus()
    previous.current = status
  }, [status])

  const submit = async () => {
    const code = codeOf(state.input)
    if (status === 'applying' || status === 'applied') return
    dispatch({ type: 'submitted' })
    if (code === null) return
    try {
      const applied = await apply(code)
      dispatch({ type: 'accepted', applied })
      onChange(applied)
    } catch (failure) {
      dispatch({ type: 'refused', refusal: errorKey(failure, 'coupon') })
    }
  }

  const remove = () => {
    dispatch({ type: 'removed' })
    onChange(null)
  }

  const price = (minor: number) => formatMoney(minor, t.locale, money)
  const shown =
    state.status === 'applied' ? { ...state.applied, ...(props.amounts ?? {}) } : undefined
  const applying = status === 'applying'
  const messageId = `${id}-message`
  return (
    <div className="coupon-field" data-coupon-field="" data-state={status}>
      {state.status === 'applied' ? (
        <p className="coupon-field__applied">
          <span>{t.t('coupon.field.applied', { code: state.applied.code })}</span>{' '}
          <button
            ref={removeRef}
            type="button"
            className="button button--secondary"
            disabled={props.disabled}
            aria-label={t.t('coupon.field.removeCode', { code: state.applied.code })}
            onClick={remove}
          >
            {t.t('coupon.field.remove')}
          </button>
        </p>
      ) : (
        <form
          className="coupon-field__form"
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
        >
          <label htmlFor={`${id}-code`}>{t.t('coupon.field.label')}</label>
          <input
            ref={inputRef}
            id={`${id}-code`}
            name="coupon"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={state.input}
            readOnly={applying}
            disabled={props.disabled}
            aria-invalid={state.status === 'refused' ? true : undefined}
            aria-describedby={messageId}
            onChange={(event) => dispatch({ type: 'typed', input: event.target.value })}
          />
          <button
            type="submit"
            className="button button--secondary"
            disabled={props.disabled || applying}
            aria-busy={applying}
          >
            {t.t('coupon.field.apply')}
          </button>
        </form>
      )}
      <p id={messageId} className="coupon-field__message" role="alert">
        {state.status === 'refused' && (
          <span data-coupon-refusal={state.refusal}>
            {t.t(state.refusal === 'empty' ? 'coupon.field.refused.empty' : state.refusal)}
          </span>
        )}
      </p>
      <p className="coupon-field__status" role="status">
        {applying ? t.t('coupon.field.applying') : ''}
      </p>
      {shown && (
        <dl className="coupon-field__lines">
          <div data-coupon-discount="" data-amount={shown.discount}>
            <dt>{shown.name ? `${shown.name} (${shown.code})` : shown.code}</dt>
            <dd>{t.t('coupon.field.minus', { amount: price(shown.discount) })}</dd>
          </div>
          {props.showTotal && (
            <div data-coupon-total="" data-amount={shown.total}>
              <dt>{t.t('coupon.field.newTotal')}</dt>
              <dd>
                <strong>{price(shown.total)}</strong>
              </dd>
            </div>
          )}
        </dl>
      )}
    </div>
  )
}
