import { GiftFieldError, giftRange } from './GiftFieldError'
import { amountChoices, CUSTOM_AMOUNT } from './gift-form-state'
import {
  errorId,
  fieldId,
  type GiftTheme,
  type GiftView,
  giftPrice,
  invalidProps,
} from './gift-view'

/** The voucher's theme: one radio per theme, with its picture. */
export function GiftThemes(props: { view: GiftView; themes: readonly GiftTheme[] }) {
  const { view } = props
  const { t, id, state, dispatch } = view
  return (
    <fieldset
      className="shop-fieldset"
      {...(state.errors.themeId ? { 'aria-describedby': errorId(view, 'themeId') } : {})}
    >
      <legend>{t.t('gift.theme')}</legend>
      <ul className="gift-themes">
        {props.themes.map((item) => (
          <li key={item.id}>
            <label className="gift-choice">
              <input
                type="radio"
                name={`${id}-theme`}
                value={item.id}
                checked={state.themeId === item.id}
                onChange={() => dispatch({ type: 'themeChosen', themeId: item.id })}
              />
              {item.image && (
                <img src={item.image} alt="" width="400" height="300" loading="lazy" />
              )}
              <span>{item.name}</span>
            </label>
          </li>
        ))}
      </ul>
      <GiftFieldError view={view} field="themeId" />
    </fieldset>
  )
}

/** The amount: a preset, or typed within the voucher's bounds. */
export function GiftAmounts(props: { view: GiftView; amounts?: readonly number[] | undefined }) {
  const { view } = props
  const { t, id, state, dispatch } = view
  const hintId = `${id}-amount-hint`
  return (
    <fieldset className="shop-fieldset">
      <legend>{t.t('gift.amountChoice')}</legend>
      <ul className="gift-amounts">
        {amountChoices(props.amounts).map((choice) => (
          <li key={choice}>
            <label className="gift-choice">
              <input
                type="radio"
                name={`${id}-amount`}
                value={choice}
                checked={state.amountChoice === choice}
                onChange={() => dispatch({ type: 'amountChosen', choice })}
              />
              <span>
                {choice === CUSTOM_AMOUNT
                  ? t.t('gift.customAmount')
                  : giftPrice(view, Number(choice))}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {state.amountChoice === CUSTOM_AMOUNT && (
        <div className="shop-field">
          <label htmlFor={fieldId(view, 'amount')}>{t.t('gift.customAmount')}</label>
          <p id={hintId} className="shop-hint">
            {t.t('gift.amountRange', giftRange(view))}
          </p>
          <input
            id={fieldId(view, 'amount')}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={state.customAmount}
            onChange={(event) =>
              dispatch({ type: 'typed', field: 'customAmount', value: event.target.value })
            }
            {...invalidProps(view, 'amount')}
            aria-describedby={state.errors.amount ? `${hintId} ${errorId(view, 'amount')}` : hintId}
          />
        </div>
      )}
      <GiftFieldError view={view} field="amount" />
    </fieldset>
  )
}
