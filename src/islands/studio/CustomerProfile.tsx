import { customerName } from '#domain/studio/customer-name'
import { CustomerFiles } from './CustomerFiles'
import { CustomerNotes } from './CustomerNotes'
import { CustomerRights } from './CustomerRights'
import { CustomerShopOrders } from './CustomerShopOrders'
import { CustomerVisits } from './CustomerVisits'
import { Loading, Retry } from './ReadState'
import { moneyText } from './report-rows'
import { useStudioText } from './studio-text'
import { useCustomerProfile } from './use-customer-file'

/**
 * One customer in the studio (docs/decisions/079-customer-files-and-erasure.md): who they are,
 * their visits and orders, vouchers, points and what they still owe, the staff's notes, their
 * files and, for the owner, the export and the erasure.
 */
export function CustomerProfile({
  artebeauteId,
  owner,
  onBack,
}: {
  artebeauteId: string
  owner: boolean
  onBack: () => void
}) {
  const { t, locale } = useStudioText()
  const { profile, history, remaining } = useCustomerProfile(artebeauteId)
  const back = (
    <button type="button" onClick={onBack}>
      {t('studio.file.back')}
    </button>
  )
  if (profile.isError) {
    return (
      <>
        {back}
        <Retry message={t('studio.file.loadError')} onRetry={() => void profile.refetch()} />
      </>
    )
  }
  if (!profile.data) return <Loading message={t('studio.loading')} />
  const { customer, loyaltyPoints, gifts } = profile.data
  return (
    <article className="studio-profile" aria-labelledby="studio-profile-name">
      {back}
      <h1 id="studio-profile-name">{customerName(customer) || t('studio.file.noName')}</h1>
      <dl className="studio-facts">
        <dt>{t('studio.customers.email')}</dt>
        <dd>{customer.email ?? '—'}</dd>
        <dt>{t('studio.customers.phone')}</dt>
        <dd>{customer.phone ?? '—'}</dd>
        <dt>{t('studio.file.points')}</dt>
        <dd>{loyaltyPoints ?? '—'}</dd>
        <dt>{t('studio.file.remaining')}</dt>
        <dd>{remaining.data ? moneyText(remaining.data.remaining, locale) : '…'}</dd>
      </dl>
      <CustomerVisits history={history} />
      <CustomerShopOrders artebeauteId={artebeauteId} owner={owner} />
      <section aria-labelledby="studio-gifts">
        <h2 id="studio-gifts">{t('studio.file.gifts')}</h2>
        {gifts.length === 0 ? (
          <p>{t('studio.file.noGifts')}</p>
        ) : (
          <ul>
            {gifts.map((g) => (
              <li key={g.code}>
                {t('studio.file.gift', {
                  code: g.code,
                  remaining: moneyText(g.remaining, locale),
                  amount: moneyText(g.amount, locale),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>
      <CustomerNotes artebeauteId={artebeauteId} notes={profile.data.notes} />
      <CustomerFiles customerId={artebeauteId} />
      {owner && <CustomerRights artebeauteId={artebeauteId} onErased={onBack} />}
    </article>
  )
}
