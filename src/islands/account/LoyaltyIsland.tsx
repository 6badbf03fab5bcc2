import { useEffect, useId, useState } from 'react'
import type { LoyaltyCard, LoyaltyTier } from '#contract/loyalty'
import { tierProgress } from '#domain/account/loyalty'
import { instantDate } from '#domain/account/order-dates'
import { formatMoney, type MoneySettingsLike } from '#domain/money/format-money'
import { errorMessage } from '#i18n/error-messages'
import type { Locale } from '#i18n/locales'
import type { AppTranslator } from '#i18n/messages'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { loadLoyaltyCard } from './account-session'
import { FormStatus } from './Field'
import type { AccountLinks } from './links'
import { Loading, SignedOut } from './SignedOut'
import { useCustomer } from './use-customer'

interface Props extends TranslatedProps {
  links: AccountLinks
  iso: string
  money: MoneySettingsLike
}

type Loaded = { status: 'loading' } | { status: 'ready'; card: LoyaltyCard | null }

const textIn = (text: Partial<Record<Locale, string>>, locale: Locale) =>
  text[locale] ?? text.fr ?? Object.values(text)[0] ?? ''

/**
 * docs/product/2-screens.md /profile/loyalty: the card (GET /api/loyalty/current, null without one), its balance
 * and tiers, each exchangeable (POST /api/loyalty/exchange {palierId}) after a confirmation. The
 * server refuses a tier the points do not reach (409 notEnoughPoints): its message is shown.
 */
export default function LoyaltyIsland({ links, iso, money, ...props }: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const [state] = useCustomer()
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' })
  const [failure, setFailure] = useState<string>()
  const [success, setSuccess] = useState<string>()
  const signedIn = state.status === 'ready'

  useEffect(() => {
    if (!signedIn) return
    void loadLoyaltyCard().then((card) => setLoaded({ status: 'ready', card }))
  }, [signedIn])

  if (!mounted || state.status === 'loading') return <Loading t={t} />
  if (state.status === 'signed-out') return <SignedOut t={t} links={links} />
  if (loaded.status === 'loading') return <Loading t={t} />
  const { card } = loaded
  if (!card) {
    return (
      <div className="account-card">
        <p>{t.t('loyalty.noCard')}</p>
      </div>
    )
  }

  const exchange = async (tier: LoyaltyTier) => {
    setFailure(undefined)
    setSuccess(undefined)
    try {
      const next = await islandApi.loyalty.exchange({ body: { palierId: tier.id } })
      setLoaded({ status: 'ready', card: next })
      setSuccess(t.t('loyalty.exchanged'))
    } catch (error) {
      setFailure(errorMessage(error, t, 'loyalty'))
    }
  }

  return (
    <div className="account-grid">
      <section className="account-card loyalty-card" aria-labelledby="loyalty-card-title">
        <h2 id="loyalty-card-title">{textIn(card.name, t.locale) || t.t('loyalty.card')}</h2>
        <p>{t.t('loyalty.cardNumber', { number: card.number })}</p>
        {card.createdAt && (
          <p>{t.t('loyalty.since', { date: instantDate(card.createdAt, iso) })}</p>
        )}
        <dl className="facts loyalty-card__balance">
          <dt>{t.t('loyalty.balance')}</dt>
          <dd>
            <strong>{t.tn('loyalty.points', card.points)}</strong>
          </dd>
        </dl>
      </section>
      <section className="account-card" aria-labelledby="loyalty-tiers-title">
        <h2 id="loyalty-tiers-title">{t.t('loyalty.tiers')}</h2>
        <FormStatus error={failure} success={success} />
        <ul className="loyalty-tiers">
          {tierProgress(card.points, card.paliers).map(({ tier, reached, missing, percent }) => (
            <Tier
              key={tier.id}
              t={t}
              tier={tier}
              reached={reached}
              missing={missing}
              percent={percent}
              reward={tierReward(t, tier, iso, money)}
              onExchange={() => exchange(tier)}
            />
          ))}
        </ul>
      </section>
    </div>
  )
}

function tierReward(
  t: AppTranslator,
  tier: LoyaltyTier,
  iso: string,
  money: MoneySettingsLike,
): string {
  const reward = textIn(tier.reward, t.locale)
  if (reward) return reward
  return tier.rewardType === 'amount' && tier.amount !== undefined
    ? formatMoney(tier.amount, iso, money)
    : ''
}

interface TierProps {
  t: AppTranslator
  tier: LoyaltyTier
  reached: boolean
  missing: number
  percent: number
  reward: string
  onExchange(): Promise<void>
}

function Tier({ t, tier, reached, missing, percent, reward, onExchange }: TierProps) {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const name = textIn(tier.name, t.locale)
  const run = async () => {
    setBusy(true)
    await onExchange()
    setBusy(false)
    setConfirming(false)
  }
  return (
    <li className="loyalty-tier" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{name}</h3>
      <p>{t.tn('loyalty.points', tier.points)}</p>
      {reward && reward !== name && (
        <dl className="facts">
          <dt>{t.t('loyalty.reward')}</dt>
          <dd>{reward}</dd>
        </dl>
      )}
      <progress
        max={100}
        value={percent}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-state`}
      />
      <p id={`${id}-state`}>
        {reached ? t.t('loyalty.reached') : t.tn('loyalty.missing', missing)}
      </p>
      {confirming ? (
        <fieldset className="account-actions loyalty-confirm">
          <legend>{t.t('loyalty.exchangeConfirm')}</legend>
          <button type="button" className="button" disabled={busy} onClick={() => void run()}>
            {t.t('common.confirm')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setConfirming(false)}
          >
            {t.t('common.cancel')}
          </button>
        </fieldset>
      ) : (
        <button
          type="button"
          className="button"
          aria-describedby={`${id}-name ${id}-state`}
          onClick={() => setConfirming(true)}
        >
          {t.t('loyalty.exchange')}
        </button>
      )}
    </li>
  )
}
