import { type FormEvent, useId, useState } from 'react'
import type {
  CouponFormError,
  CouponFormField,
  CouponFormInput,
} from '#domain/marketing/coupon-form'
import { couponFormErrors } from '#domain/marketing/coupon-form'
import { useStudioText } from '../studio-text'
import { WindowFields } from './WindowFields'

type TextField = 'code' | 'amount' | 'minAmount' | 'maxUses' | 'maxUsesPerCustomer'

/**
 * The coupon's fields (docs/decisions/090-studio-marketing.md): its code, a percent or an
 * amount off, the cart total it needs, its limits of use, its window, on or off. Each wrong
 * field says why once the owner tried to save; nothing is sent until none is.
 */
export function CouponForm({
  draft,
  precision,
  currency,
  onChange,
  onSubmit,
  children,
}: {
  draft: CouponFormInput
  precision: number
  currency: string
  onChange: (draft: CouponFormInput) => void
  onSubmit: () => void
  children: React.ReactNode
}) {
  const { t } = useStudioText()
  const id = useId()
  const [tried, setTried] = useState(false)
  const errors = couponFormErrors(draft, precision)
  const shown: Partial<Record<CouponFormField, CouponFormError>> = tried ? errors : {}
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (Object.keys(errors).length === 0) {
      setTried(false)
      onSubmit()
    }
  }
  const text = (field: TextField, label: string, mode: 'text' | 'decimal' | 'numeric') => {
    const error = shown[field]
    return (
      <span className="studio-marketing__field">
        <label htmlFor={`${id}-${field}`}>{label}</label>
        <input
          id={`${id}-${field}`}
          inputMode={mode}
          value={draft[field]}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-${field}-error` : undefined}
          onChange={(e) => onChange({ ...draft, [field]: e.target.value })}
        />
        {error && (
          <span id={`${id}-${field}-error`} className="studio-marketing__error">
            {t(`studio.marketing.error.${error}`)}
          </span>
        )}
      </span>
    )
  }
  const flag = (field: 'active' | 'automatic', label: string) => (
    <span className="studio-marketing__check">
      <input
        id={`${id}-${field}`}
        type="checkbox"
        checked={draft[field]}
        onChange={(e) => onChange({ ...draft, [field]: e.target.checked })}
      />
      <label htmlFor={`${id}-${field}`}>{label}</label>
    </span>
  )
  const percent = draft.reductionType === 'percentage'
  return (
    <form className="studio-marketing__form" onSubmit={submit} noValidate>
      {children}
      {text('code', t('studio.marketing.coupons.code'), 'text')}
      <span className="studio-marketing__field">
        <label htmlFor={`${id}-type`}>{t('studio.marketing.coupons.type')}</label>
        <select
          id={`${id}-type`}
          value={draft.reductionType}
          onChange={(e) =>
            onChange({
              ...draft,
              reductionType: e.target.value === 'amount' ? 'amount' : 'percentage',
            })
          }
        >
          <option value="percentage">{t('studio.marketing.coupons.percent')}</option>
          <option value="amount">{t('studio.marketing.coupons.amountOff', { currency })}</option>
        </select>
      </span>
      {text(
        'amount',
        t(
          percent
            ? 'studio.marketing.coupons.percentValue'
            : 'studio.marketing.coupons.amountValue',
          { currency },
        ),
        percent ? 'numeric' : 'decimal',
      )}
      {text('minAmount', t('studio.marketing.coupons.minAmount', { currency }), 'decimal')}
      {text('maxUses', t('studio.marketing.coupons.maxUses'), 'numeric')}
      {text('maxUsesPerCustomer', t('studio.marketing.coupons.maxUsesPerCustomer'), 'numeric')}
      <WindowFields
        required={false}
        start={draft.start}
        end={draft.end}
        onChange={(w) => onChange({ ...draft, ...w })}
      />
      {flag('active', t('studio.marketing.coupons.active'))}
      {flag('automatic', t('studio.marketing.coupons.automatic'))}
      <span className="studio-marketing__buttons">
        <button type="submit">{t('studio.marketing.save')}</button>
      </span>
    </form>
  )
}
