import type { ManageTarget, ManageView } from '#contract/manage'
import { wallClockDateTime } from '#domain/account/order-dates'
import type { MoneySettingsLike } from '#domain/money/format-money'
import type { AppTranslator } from '#i18n/messages'
import { SlotPicker } from '../booking/SlotPicker'
import { ConfirmDialog } from './ConfirmDialog'
import { cancelledNotes, type ManageOutcome, slotStart } from './manage-state'
import { PayDifference } from './PayDifference'
import { PolicyNote } from './PolicyNote'
import { useManage } from './use-manage'

interface Props {
  t: AppTranslator
  target: ManageTarget
  iso: string
  price(minor: number): string
  /** the company's money settings, for the payment step of a dearer move */
  money: MoneySettingsLike
}

const deadlineLabel = (view: ManageView, iso: string) =>
  new Intl.DateTimeFormat(iso, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: view.picker.timeZone,
  }).format(new Date(view.cancel.deadline))

function outcomeText(t: AppTranslator, outcome: ManageOutcome, iso: string, price: Props['price']) {
  if (outcome.kind === 'moved') {
    const moved = t.t('manage.moved', { when: wallClockDateTime(outcome.to, iso) })
    const { difference } = outcome
    if (difference && difference.amount > 0) {
      const key = difference.due ? 'manage.dueDifference' : 'manage.paidDifference'
      return `${moved} ${t.t(key, { amount: price(difference.amount) })}`
    }
    return outcome.credited > 0
      ? `${moved} ${t.t('manage.credited', { amount: price(outcome.credited) })}`
      : moved
  }
  const notes = cancelledNotes(outcome).map((n) => t.t(n.key, { amount: price(n.amount) }))
  return [t.t('manage.cancelled'), ...notes].join(' ')
}

/** The move's confirmation; a dearer one says what it costs more (paid in the next step). */
function moveText(
  t: AppTranslator,
  view: ManageView,
  from: string,
  to: string,
  price: Props['price'],
) {
  const text = t.t('manage.confirmMoveText', { from, to })
  const more = view.payDifference?.amount.amount ?? 0
  return more > 0 ? `${text} ${t.t('manage.payDifference', { amount: price(more) })}` : text
}

/**
 * A customer's own visit, managed (docs/decisions/038-visit-policy.md): its time, the shop's
 * policy, and "move" / "cancel" when the policy allows them now, each confirmed in a dialog; a
 * move picks the new time in the booking's slot picker; a dearer one pays the difference first
 * (PayDifference, docs/decisions/042-reschedule-pay-difference.md). Loading, working and failure
 * states are announced. State in manage-state.ts, calls in use-manage.ts. DOM hooks: [data-manage-visit]
 * (its phase), [data-manage-outcome], [data-manage-status], [data-manage-paid].
 */
export function ManageVisit({ t, target, iso, price, money }: Props) {
  const { state, dispatch, cancel, move, payInitialize, paid } = useManage(target, t)
  const { phase, view, outcome, error, slot, pay } = state
  if (phase === 'loading') return <p role="status">{t.t('manage.loading')}</p>
  if (!view) return <p role="alert">{error ?? t.t('manage.error.generic')}</p>
  const live = view.order.status === 'confirmed' || view.order.status === 'partiallyRefunded'
  const open = view.cancel.allowed || view.reschedule.allowed
  const reason = view.cancel.reason ?? view.reschedule.reason
  const busy = phase === 'working'
  const when = wallClockDateTime(view.start, iso)
  return (
    <section
      className="manage-visit"
      aria-labelledby="manage-visit-title"
      data-manage-visit={phase}
    >
      <h3 id="manage-visit-title">{t.t('manage.title')}</h3>
      {live && <p>{t.t('manage.when', { when })}</p>}
      <p data-manage-status={view.order.status} data-manage-paid={view.order.paid.amount}>
        {t.t('orders.paid')} {price(view.order.paid.amount)}
      </p>
      <PolicyNote t={t} policy={view.policy} />
      {open && <p>{t.t('manage.deadline', { when: deadlineLabel(view, iso) })}</p>}
      {live && !open && (reason === 'deadlinePassed' || reason === 'visitPast') && (
        <p>
          {t.t(reason === 'visitPast' ? 'manage.error.visitPast' : 'manage.error.deadlinePassed')}
        </p>
      )}
      <div aria-live="polite">
        {busy && <p role="status">{t.t('manage.working')}</p>}
        {outcome && phase === 'done' && (
          <p data-manage-outcome={outcome.kind}>{outcomeText(t, outcome, iso, price)}</p>
        )}
      </div>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {phase === 'payDifference' && pay && view.payDifference && (
        <PayDifference
          t={t}
          when={wallClockDateTime(pay.start, iso)}
          pay={pay}
          payment={view.payDifference}
          money={money}
          price={price}
          initialize={payInitialize}
          onPaid={paid}
          onKeep={() => dispatch({ type: 'back' })}
        />
      )}
      {open && phase !== 'picking' && phase !== 'confirmMove' && phase !== 'payDifference' && (
        <p className="manage-visit__actions">
          {view.reschedule.allowed && (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => dispatch({ type: 'askMove' })}
            >
              {t.t('manage.reschedule')}
            </button>
          )}
          {view.cancel.allowed && (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => dispatch({ type: 'askCancel' })}
            >
              {t.t('manage.cancel')}
            </button>
          )}
        </p>
      )}
      {(phase === 'picking' || phase === 'confirmMove') && (
        <div className="manage-visit__picker">
          <SlotPicker
            t={t}
            shop={{
              id: view.picker.shopId,
              slug: '',
              name: view.picker.shopName,
              active: true,
              timeZone: view.picker.timeZone,
              price: 0,
              city: '',
            }}
            serviceId={view.picker.serviceId}
            duration={view.picker.duration}
            cuttingHours={view.picker.cuttingHours}
            mode={view.picker.mode}
            equipment={view.picker.equipment}
            takenOn={() => []}
            selected={slot}
            onSelect={(chosen) => dispatch({ type: 'pick', slot: chosen })}
            focusOnMount
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => dispatch({ type: 'back' })}
          >
            {t.t('manage.back')}
          </button>
        </div>
      )}
      {phase === 'confirmCancel' && (
        <ConfirmDialog
          t={t}
          title={t.t('manage.confirmCancelTitle')}
          text={t.t('manage.confirmCancelText', { when })}
          confirm={t.t('manage.cancel')}
          onConfirm={cancel}
          onClose={() => dispatch({ type: 'back' })}
        />
      )}
      {phase === 'confirmMove' && slot && (
        <ConfirmDialog
          t={t}
          title={t.t('manage.confirmMoveTitle')}
          text={moveText(t, view, when, wallClockDateTime(slotStart(slot), iso), price)}
          confirm={t.t('manage.reschedule')}
          onConfirm={() => move(slot)}
          onClose={() => dispatch({ type: 'back' })}
        />
      )}
    </section>
  )
}
