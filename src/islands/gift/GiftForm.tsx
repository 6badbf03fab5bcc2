import { type FormEvent, useEffect, useId, useReducer, useRef } from 'react'
import type { PaymentProvider } from '#domain/company/payment-enabled'
import type { MoneySettingsLike } from '#domain/money/format-money'
import { session } from '#stores/browser'
import type { PaymentSuccess } from '../payment/payment-step-props'
import { islandApi } from '../shared/island-api'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { GiftAmounts, GiftThemes } from './GiftChoices'
import { GiftDetails } from './GiftDetails'
import { GiftDone, GiftPayment } from './GiftSteps'
import {
  boughtCode,
  CUSTOM_AMOUNT,
  giftAmount,
  giftErrors,
  giftFormReducer,
  giftPaymentBody,
  initialGiftForm,
} from './gift-form-state'

import type { GiftTheme, GiftView } from './gift-view'

interface Props extends TranslatedProps {
  themes: GiftTheme[]
  shops: { id: string; name: string }[]
  money: MoneySettingsLike
  provider: PaymentProvider
  publicKey?: string | undefined
  returnPath: string
}

/**
 * A gift voucher bought by anyone, signed in or not (docs/product/3-entities.md Gift): a theme, an
 * amount (a preset or typed), the recipient's name and e-mail and a message, then the payment of
 * purpose 'gift'. The server e-mails the code to the recipient once paid; a signed-in buyer also
 * sees it here. The state and its effects: ./gift-form-state.ts.
 */
export default function GiftForm(props: Props) {
  const { themes, shops, money } = props
  const t = useTranslator(props)
  const [state, dispatch] = useReducer(giftFormReducer, shops, initialGiftForm)
  const heading = useRef<HTMLHeadingElement>(null)
  const form = useRef<HTMLFormElement>(null)
  const id = useId()
  const { step } = state

  useEffect(() => {
    if (step !== 'form') heading.current?.focus()
  }, [step])

  const precision = money.mCurrency?.precision ?? undefined
  const amount = giftAmount(state, precision)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const { errors, first } = giftErrors(state, precision)
    dispatch({ type: 'submitted', errors })
    if (!first) return
    // the first wrong field takes the focus; its message is tied to it
    const target =
      first === 'themeId'
        ? form.current?.querySelector<HTMLInputElement>(`input[name="${id}-theme"]`)
        : first === 'amount' && state.amountChoice !== CUSTOM_AMOUNT
          ? form.current?.querySelector<HTMLInputElement>(`input[name="${id}-amount"]`)
          : document.getElementById(`${id}-${first}`)
    target?.focus()
  }

  const initialize = () => islandApi.payment.initialize({ body: giftPaymentBody(state, precision) })

  const paid = async (result: PaymentSuccess) => {
    dispatch({ type: 'paid', dueAtShop: result.amountDue ?? null })
    if (result.amountDue !== undefined) return
    const signedIn = Boolean(session.$session.get().customerToken)
    const code = await boughtCode(result, signedIn, () => islandApi.gifts.list())
    if (code !== null) dispatch({ type: 'codeRead', code })
  }

  const view: GiftView = { t, id, state, dispatch, money }
  if (step === 'done' && amount !== null) {
    return (
      <GiftDone
        view={view}
        amount={amount}
        heading={heading}
        onRestart={() => dispatch({ type: 'restarted' })}
      />
    )
  }
  if (step === 'payment' && amount !== null) {
    return (
      <GiftPayment
        view={view}
        amount={amount}
        theme={themes.find((item) => item.id === state.themeId)}
        heading={heading}
        settings={props}
        initialize={initialize}
        onPaid={paid}
      />
    )
  }

  const hasErrors = Object.keys(state.errors).length > 0
  return (
    <form ref={form} className="gift-form" noValidate onSubmit={submit}>
      <GiftThemes view={view} themes={themes} />
      <GiftAmounts view={view} />
      <GiftDetails view={view} shops={shops} />
      <div role="alert" className="shop-error">
        {hasErrors && Object.values(state.errors).some(Boolean) ? t.t('gift.errorSummary') : null}
      </div>
      <p>
        <button type="submit" className="button">
          {t.t('gift.continue')}
        </button>
      </p>
    </form>
  )
}
