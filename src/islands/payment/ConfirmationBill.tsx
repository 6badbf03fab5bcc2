import { useEffect, useState } from 'react'
import type { OrderBill as Bill } from '#contract/order-bill'
import { formatMoney, type MoneySettingsLike } from '#domain/money/format-money'
import { loadCustomer } from '../account/account-session'
import { billLineName, OrderBill } from '../account/OrderBill'
import { readConfirmation } from '../booking/confirmation'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'

export interface ConfirmationBillProps extends TranslatedProps {
  iso: string
  money: MoneySettingsLike
}

/**
 * /payments/success (docs/product/5-rules.md#order-bills): what the booking just confirmed costs,
 * line by line, as the server's order view computed it (the same bill as /profile/orders/:id: total
 * recomputed from the lines, equal to what was charged, and what is left to pay at the shop). Shows
 * nothing without a booking confirmed in this tab, or when the order cannot be read (signed out).
 * DOM hooks: [data-confirmation-bill] around OrderBill's [data-bill-*][data-amount].
 */
function ConfirmationBill(props: ConfirmationBillProps) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const [found, setFound] = useState<{ bill: Bill; names: Record<string, string> } | null>(null)

  useEffect(() => {
    const confirmation = readConfirmation()
    if (!confirmation?.confirmed) return
    const orderId = confirmation.orderId ?? confirmation.cartId
    let live = true
    void (async () => {
      const customer = await loadCustomer()
      if (!customer) return
      const artebeauteId = customer.links[0]?.artebeauteId ?? customer.id
      const orders = await islandApi.customers.history({ query: { artebeauteId } })
      const order = orders.find((o) => o.id === orderId || o.ideorder === confirmation.ideorder)
      const names = Object.fromEntries(confirmation.lines.map((l) => [l.serviceId, l.name]))
      if (live && order?.bill) setFound({ bill: order.bill, names })
    })().catch((error: unknown) => console.error('confirmation bill', error))
    return () => {
      live = false
    }
  }, [])

  if (!mounted || !found) return null
  const price = (minor: number) => formatMoney(minor, props.iso, props.money)
  return (
    <div className="confirmation-bill" data-confirmation-bill="">
      {found.bill.shopName && <p>{found.bill.shopName}</p>}
      <OrderBill
        t={t}
        bill={found.bill}
        price={price}
        lineName={(line) => found.names[line.articleId] ?? billLineName(line, t.locale)}
      />
    </div>
  )
}

export default ConfirmationBill
