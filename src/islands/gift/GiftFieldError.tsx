import { GIFT_MAX_AMOUNT, GIFT_MIN_AMOUNT, type GiftFormField } from '#domain/gift/gift-form'
import { giftErrorWords } from './gift-form-state'
import { errorId, type GiftView, giftPrice } from './gift-view'

/** The voucher's bounds as the page shows them. */
export function giftRange(view: GiftView) {
  return { min: giftPrice(view, GIFT_MIN_AMOUNT), max: giftPrice(view, GIFT_MAX_AMOUNT) }
}

/** A field's error message, tied to the field by its id (see invalidProps). */
export function GiftFieldError(props: { view: GiftView; field: GiftFormField }) {
  const { view, field } = props
  const error = view.state.errors[field]
  if (!error) return null
  const words = giftErrorWords(field, error, giftRange(view))
  return (
    <p id={errorId(view, field)} className="shop-error">
      {view.t.t(words.key, words.params)}
    </p>
  )
}
