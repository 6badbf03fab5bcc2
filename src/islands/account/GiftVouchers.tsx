import { useEffect, useState } from 'react'
import type { Gift } from '#contract/gift'
import { maskGiftCode } from '#domain/gift/mask-code'
import { errorMessage } from '#i18n/error-messages'
import type { AppTranslator } from '#i18n/messages'
import { islandApi } from '../shared/island-api'

interface GiftVouchersProps {
  t: AppTranslator
  price(minor: number): string
}

/** the last resend: done, or the words of its failure */
type Sent = { id: string; email: string; failure?: string }

/**
 * The gift vouchers the customer bought (GET /api/gifts, docs/product/5-rules.md#gifts): each with
 * its code masked ('••••-AB12'), its amount, what is left on it when it was partly used, its
 * recipient, and a button that e-mails it to the recipient again (POST /api/gifts/:id/resend, the
 * same e-mail as when it was issued). Nothing when there are none.
 * DOM hooks: [data-gift-voucher=<id>] with [data-gift-amount][data-amount] and
 * [data-gift-balance][data-amount].
 */
export function GiftVouchers({ t, price }: GiftVouchersProps) {
  const [gifts, setGifts] = useState<Gift[]>([])
  const [sent, setSent] = useState<Sent | null>(null)
  useEffect(() => {
    let live = true
    islandApi.gifts
      .list()
      .then((list) => {
        if (live) setGifts(list)
      })
      .catch((error: unknown) => console.error('gift vouchers', error))
    return () => {
      live = false
    }
  }, [])

  const resend = async (gift: Gift) => {
    try {
      await islandApi.gifts.resend({
        params: { id: gift.id },
        body: { to: gift.to, email: gift.email },
      })
      setSent({ id: gift.id, email: gift.email })
    } catch (error) {
      setSent({ id: gift.id, email: gift.email, failure: errorMessage(error, t, 'resend') })
    }
  }

  if (gifts.length === 0) return null
  return (
    <section className="gift-vouchers" aria-labelledby="gift-vouchers-title">
      <h2 id="gift-vouchers-title">{t.t('orderDetail.vouchers')}</h2>
      <ul>
        {gifts.map((gift) => (
          <li key={gift.id} data-gift-voucher={gift.id}>
            <dl className="facts">
              <dt>{t.t('orderDetail.voucherCode')}</dt>
              <dd>{maskGiftCode(gift.code)}</dd>
              <dt>{t.t('orderDetail.voucherAmount')}</dt>
              <dd data-gift-amount="" data-amount={gift.amount.amount}>
                {price(gift.amount.amount)}
              </dd>
              {gift.remaining.amount < gift.amount.amount && (
                <>
                  <dt>{t.t('orderDetail.voucherBalance')}</dt>
                  <dd data-gift-balance="" data-amount={gift.remaining.amount}>
                    {price(gift.remaining.amount)}
                  </dd>
                </>
              )}
              <dt>{t.t('orderDetail.voucherRecipient')}</dt>
              <dd>
                {gift.to} ({gift.email})
              </dd>
            </dl>
            <button type="button" className="button" onClick={() => void resend(gift)}>
              {t.t('orderDetail.resend')}
            </button>
            {sent?.id === gift.id && (
              <p role={sent.failure === undefined ? 'status' : 'alert'}>
                {sent.failure ?? t.t('orderDetail.resent', { email: sent.email })}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
