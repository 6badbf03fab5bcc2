import {
  type FormEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useReducer,
  useRef,
} from 'react'
import type { PaymentProvider } from '#domain/company/payment-enabled'
import type { MoneySettingsLike } from '#domain/money/format-money'
import { session } from '#stores/browser'
import type { PaymentSuccess } from '../payment/payment-step-props'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { GiftAmounts, GiftThemes } from './GiftChoices'
import { GiftDetails } from './GiftDetails'
import {
  boughtCode,
  CUSTOM_AMOUNT,
  giftAmount,
  giftErrors,
  giftFormReducer,
  giftPaymentBody,
  initialGiftForm,
} from './gift-form-state'

import { fieldId, type GiftTheme, type GiftView } from './gift-view'

// The payment and confirmation steps, with the payment providers' code and the API client, load
// when the visitor starts on the form rather than with the page: a first visit runs only the
// form (docs/decisions/065-first-visit-blocking-time.md)
let steps: Promise<typeof import('./GiftSteps')> | undefined
const loadSteps = () => {
  steps ??= import('./GiftSteps').catch((error: unknown) => {
    steps = undefined
    throw error
  })
  return steps
}
const GiftPayment = lazy(() => loadSteps().then(({ GiftPayment }) => ({ default: GiftPayment })))
const GiftDone = lazy(() => loadSteps().then(({ GiftDone }) => ({ default: GiftDone })))
const api = () => import('../shared/island-api').then(({ islandApi }) => islandApi)

interface Props extends TranslatedProps {
  themes: GiftTheme[]
  /** the amounts the company offers (minor units); none: the form's presets */
  amounts?: number[] | undefined
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
  const [state, dispatch] = useReducer(giftFormReducer, shops, (list) =>
    initialGiftForm(list, props.amounts),
  )
  // a step's heading takes the focus when it appears, which for a lazy step is when its code
  // came, not when the step changed
  const heading = useCallback((node: HTMLHeadingElement | null) => node?.focus(), [])
  const form = useRef<HTMLFormElement>(null)
  const id = useId()
  const { step } = state

  // the island hydrates when the form is first used on a first visit (decision 065): what was
  // typed or chosen in the server-rendered fields before it came is taken in (a click on a theme
  // or an amount is held and replayed by mount-needed.ts)
  useEffect(() => {
    const early = (field: 'to' | 'email' | 'message' | 'shopId') => {
      const element = document.getElementById(fieldId({ id }, field))
      const ok =
        element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement
      return ok && element.value !== '' ? element.value : null
    }
    for (const field of ['to', 'email', 'message'] as const) {
      const value = early(field)
      if (value !== null) dispatch({ type: 'typed', field, value })
    }
    const shopId = early('shopId')
    if (shopId !== null) dispatch({ type: 'shopChosen', shopId })
  }, [id])

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

  const initialize = async () =>
    (await api()).payment.initialize({ body: giftPaymentBody(state, precision) })

  const paid = async (result: PaymentSuccess) => {
    dispatch({ type: 'paid', dueAtShop: result.amountDue ?? null })
    if (result.amountDue !== undefined) return
    const signedIn = Boolean(session.$session.get().customerToken)
    const code = await boughtCode(result, signedIn, async () => (await api()).gifts.list())
    if (code !== null) dispatch({ type: 'codeRead', code })
  }

  const view: GiftView = { t, id, state, dispatch, money }
  const loading = <p role="status">{t.t('common.loading')}</p>
  if (step === 'done' && amount !== null) {
    return (
      <Suspense fallback={loading}>
        <GiftDone
          view={view}
          amount={amount}
          heading={heading}
          onRestart={() => dispatch({ type: 'restarted' })}
        />
      </Suspense>
    )
  }
  if (step === 'payment' && amount !== null) {
    return (
      <Suspense fallback={loading}>
        <GiftPayment
          view={view}
          amount={amount}
          theme={themes.find((item) => item.id === state.themeId)}
          heading={heading}
          settings={props}
          initialize={initialize}
          onPaid={paid}
        />
      </Suspense>
    )
  }

  const hasErrors = Object.keys(state.errors).length > 0
  return (
    <form
      ref={form}
      className="gift-form"
      noValidate
      onSubmit={submit}
      onFocus={() => void loadSteps().catch(() => undefined)}
    >
      <GiftThemes view={view} themes={themes} />
      <GiftAmounts view={view} amounts={props.amounts} />
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
