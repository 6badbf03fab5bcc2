import type { ColumnDef } from '@tanstack/react-table'
import { useId, useState } from 'react'
import type { Coupon, CouponBody } from '#contract/coupon'
import { couponValues } from '#domain/marketing/coupon-form'
import { islandApi } from '#islands/shared/island-api'
import { useStudioText } from '../studio-text'
import { CouponForm } from './CouponForm'
import { couponDraft, emptyCoupon } from './coupon-draft'
import { MarketingTable } from './MarketingTable'
import { marketingKeys } from './marketing-queries'
import { SaveOutcome } from './SaveOutcome'
import { useMarketingList } from './use-marketing-list'
import { WindowCell } from './WindowCell'

const calls = {
  key: marketingKeys.coupons,
  list: () => islandApi.content.couponsAll(),
  create: (body: CouponBody) => islandApi.content.couponsCreate({ body }),
  update: (id: string, body: CouponBody) =>
    islandApi.content.couponsUpdate({ params: { id }, body }),
  remove: (id: string) => islandApi.content.couponsRemove({ params: { id } }),
}

/**
 * The coupons (docs/product/3-entities.md Coupon) with their codes, the owner's list: what each takes off,
 * its limits and window, on or off. A save replaces the coupon, keeping what the form does not
 * show (its name, word and services).
 */
export function CouponsPanel({ precision, currency }: { precision: number; currency: string }) {
  const { t, locale } = useStudioText()
  const id = useId()
  const { list, save, remove } = useMarketingList(calls)
  const [editing, setEditing] = useState<Coupon | undefined>(undefined)
  const [draft, setDraft] = useState(emptyCoupon)
  const money = (minor: number) =>
    (minor / 10 ** precision).toLocaleString(locale, { style: 'currency', currency })
  // rebuilt each render: they read the names and money of this render
  const columns: ColumnDef<Coupon>[] = [
    {
      id: 'code',
      header: () => t('studio.marketing.coupons.code'),
      cell: ({ row }) => row.original.code ?? t('studio.marketing.coupons.automatic'),
    },
    {
      id: 'off',
      header: () => t('studio.marketing.coupons.reduction'),
      cell: ({ row }) =>
        row.original.reductionType === 'percentage'
          ? `${row.original.amount} %`
          : money(row.original.amount),
    },
    {
      id: 'limits',
      header: () => t('studio.marketing.coupons.limits'),
      cell: ({ row }) => row.original.maxUses ?? t('studio.marketing.coupons.unlimited'),
    },
    {
      id: 'window',
      header: () => t('studio.marketing.state'),
      cell: ({ row }) =>
        row.original.active ? (
          <WindowCell {...row.original} />
        ) : (
          t('studio.marketing.coupons.inactive')
        ),
    },
  ]
  const reset = () => {
    setEditing(undefined)
    setDraft(emptyCoupon)
  }
  const submit = () => {
    const values = couponValues(draft, precision)
    if (!values) return
    const kept = editing
      ? { name: editing.name, word: editing.word, serviceIds: editing.serviceIds }
      : {}
    save.mutate(
      { id: editing?.id, body: { ...kept, ...values } as CouponBody },
      { onSuccess: reset },
    )
  }
  if (list.isError) return <p role="alert">{t('studio.marketing.loadError')}</p>
  if (!list.data) return <p role="status">{t('studio.loading')}</p>
  return (
    <>
      <MarketingTable
        rows={list.data}
        columns={columns}
        nameOf={(row) => row.code ?? money(row.amount)}
        onEdit={(row) => {
          setEditing(row)
          setDraft(couponDraft(row, precision))
        }}
        onRemove={(row) => remove.mutate(row.id)}
      />
      {remove.isError && <p role="alert">{t('studio.marketing.saveError')}</p>}
      <CouponForm
        draft={draft}
        precision={precision}
        currency={currency}
        onChange={setDraft}
        onSubmit={submit}
      >
        <h2 id={`${id}-h`}>
          {t(editing ? 'studio.marketing.coupons.edit' : 'studio.marketing.coupons.add')}
        </h2>
      </CouponForm>
      {editing && (
        <button type="button" onClick={reset}>
          {t('studio.marketing.cancel')}
        </button>
      )}
      <SaveOutcome error={save.error} saved={save.isSuccess} />
    </>
  )
}
