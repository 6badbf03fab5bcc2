import { GIFT_MESSAGE_MAX } from '#domain/gift/gift-form'
import { GiftFieldError } from './GiftFieldError'
import type { GiftTextField } from './gift-form-state'
import { fieldId, type GiftView, invalidProps } from './gift-view'

/** The shop among several, the recipient's name and e-mail, and the message. */
export function GiftDetails(props: {
  view: GiftView
  shops: readonly { id: string; name: string }[]
}) {
  const { view, shops } = props
  const { t, state, dispatch } = view
  const typed = (field: GiftTextField) => ({
    value: state[field],
    onChange: (event: { target: { value: string } }) =>
      dispatch({ type: 'typed', field, value: event.target.value }),
  })
  const required = (
    <>
      {' '}
      <span className="shop-hint">({t.t('gift.required')})</span>
    </>
  )
  return (
    <>
      {shops.length > 1 && (
        <div className="shop-field">
          <label htmlFor={fieldId(view, 'shopId')}>{t.t('gift.shop')}</label>
          <select
            id={fieldId(view, 'shopId')}
            value={state.shopId ?? ''}
            onChange={(event) =>
              dispatch({ type: 'shopChosen', shopId: event.target.value || null })
            }
            {...invalidProps(view, 'shopId')}
          >
            <option value="">{t.t('gift.shopPlaceholder')}</option>
            {shops.map((shop) => (
              <option key={shop.id} value={shop.id}>
                {shop.name}
              </option>
            ))}
          </select>
          <GiftFieldError view={view} field="shopId" />
        </div>
      )}

      <div className="shop-field">
        <label htmlFor={fieldId(view, 'to')}>
          {t.t('gift.recipientName')}
          {required}
        </label>
        <input
          id={fieldId(view, 'to')}
          type="text"
          autoComplete="off"
          required
          {...typed('to')}
          {...invalidProps(view, 'to')}
        />
        <GiftFieldError view={view} field="to" />
      </div>

      <div className="shop-field">
        <label htmlFor={fieldId(view, 'email')}>
          {t.t('gift.recipientEmail')}
          {required}
        </label>
        <input
          id={fieldId(view, 'email')}
          type="email"
          autoComplete="off"
          required
          {...typed('email')}
          {...invalidProps(view, 'email')}
        />
        <GiftFieldError view={view} field="email" />
      </div>

      <div className="shop-field">
        <label htmlFor={fieldId(view, 'message')}>{t.t('gift.message')}</label>
        <textarea
          id={fieldId(view, 'message')}
          maxLength={GIFT_MESSAGE_MAX}
          placeholder={t.t('gift.messagePlaceholder')}
          {...typed('message')}
          {...invalidProps(view, 'message')}
        />
        <GiftFieldError view={view} field="message" />
      </div>
    </>
  )
}
