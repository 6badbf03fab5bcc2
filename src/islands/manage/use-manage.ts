import { useCallback, useEffect, useReducer } from 'react'
import type { ManageTarget } from '#contract/manage'
import { errorMessage } from '#i18n/error-messages'
import type { AppTranslator } from '#i18n/messages'
import type { ChosenSlot } from '../booking/slot-picker-state'
import { islandApi } from '../shared/island-api'
import { initialManageState, isDifferenceDue, manageReducer, slotStart } from './manage-state'

/**
 * The calls of the manage view (docs/api/calls.md "A customer's own visit"): the visit read
 * once, then cancel or move, each reading the visit again once done; a dearer move opens the
 * payment step on the difference (payment purpose 'reschedule'). Failures become the
 * catalogs' words (src/i18n/error-messages.ts, screen 'manage').
 */
export function useManage(target: ManageTarget, t: AppTranslator) {
  const [state, dispatch] = useReducer(manageReducer, initialManageState)
  const { orderId, link } = target
  const body = orderId === undefined ? { link } : { orderId }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the target is read by value
  useEffect(() => {
    let live = true
    islandApi.manage
      .view({ body })
      .then((view) => live && dispatch({ type: 'loaded', view }))
      .catch((error: unknown) => {
        if (live) dispatch({ type: 'loadFailed', error: errorMessage(error, t, 'manage') })
      })
    return () => {
      live = false
    }
  }, [orderId, link])

  const reread = () => islandApi.manage.view({ body }).catch(() => null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: the target is read by value
  const cancel = useCallback(async () => {
    dispatch({ type: 'working' })
    try {
      const done = await islandApi.manage.cancel({ body })
      const { kind, amount, status, unrefunded } = done.given
      const outcome = {
        kind: 'cancelled',
        given: kind,
        amount: amount.amount,
        status,
        unrefunded: unrefunded.amount,
      } as const
      dispatch({ type: 'done', outcome, view: await reread() })
    } catch (error) {
      dispatch({ type: 'failed', error: errorMessage(error, t, 'manage') })
    }
  }, [orderId, link, t])

  const dearer = (state.view?.payDifference?.amount.amount ?? 0) > 0
  // biome-ignore lint/correctness/useExhaustiveDependencies: the target is read by value
  const move = useCallback(
    async (slot: ChosenSlot) => {
      // a dearer visit (today's prices) is paid first: straight to the difference's step
      if (dearer) return dispatch({ type: 'differenceDue', start: slotStart(slot) })
      dispatch({ type: 'working' })
      try {
        const start = slotStart(slot)
        const done = await islandApi.manage.reschedule({ body: { ...body, start } })
        const outcome = { kind: 'moved', to: start, credited: done.credited.amount } as const
        dispatch({ type: 'done', outcome, view: await reread() })
      } catch (error) {
        if (isDifferenceDue(error)) dispatch({ type: 'differenceDue', start: slotStart(slot) })
        else dispatch({ type: 'failed', error: errorMessage(error, t, 'manage') })
      }
    },
    [orderId, link, t, dearer],
  )

  // The payment step's initialize for a dearer move: the server holds the new slot and quotes
  // the difference (docs/decisions/042-reschedule-pay-difference.md); the step calls it again on retry.
  const start = state.pay?.start
  const shopId = state.view?.picker.shopId ?? ''
  // biome-ignore lint/correctness/useExhaustiveDependencies: the target is read by value
  const payInitialize = useCallback(async () => {
    const reschedule = { ...body, start: start ?? '' }
    const payment = { purpose: 'reschedule', shopId, reschedule } as const
    const init = await islandApi.payment.initialize({ body: payment })
    dispatch({ type: 'quoted', amount: init.prices.total.amount })
    return init
  }, [orderId, link, start, shopId])

  /** Paid (or confirmed due at the shop): the visit has moved; read it again. */
  const paid = async (result: { amountDue?: number | undefined }) => {
    const amount = state.pay?.amount ?? result.amountDue ?? 0
    const difference = { amount, due: result.amountDue !== undefined }
    const outcome = { kind: 'moved', to: start ?? '', credited: 0, difference } as const
    dispatch({ type: 'done', outcome, view: await reread() })
  }

  return { state, dispatch, cancel, move, payInitialize, paid }
}
