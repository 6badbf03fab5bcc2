import type { Translator } from '#i18n/translator'
import { openModal } from '../dialogs/modal'
import { h, iconButton, sanitisedHtml, uniqueId } from './dom'
import type { NoticeAlert } from './frame'

/**
 * The alerts dialog (docs/product/2-screens.md): one alert at a time with pagination, and a reserve button to the
 * service's booking page; with several shops offering the service it opens a shop selector
 * first. `onEvents` adds a button to the events carousel when events are current.
 */
export function openAlertsDialog(
  alerts: readonly NoticeAlert[],
  t: Translator,
  options: { opener?: Element | null; onEvents?: (() => void) | undefined } = {},
): HTMLDialogElement {
  const titleId = uniqueId('alerts-title')
  const close = iconButton(t.t('common.close'), 'close')
  const page = h('div', { class: 'alerts-page', 'aria-live': 'polite' })
  const dialog = h(
    'dialog',
    { class: 'notice-dialog alerts-dialog', 'aria-labelledby': titleId },
    h(
      'div',
      { class: 'notice-dialog__head' },
      h('h2', { id: titleId }, t.t('alerts.title')),
      close,
    ),
    h('div', { class: 'notice-dialog__body' }, page),
  )
  let index = 0
  const previous = iconButton(t.t('alerts.previous'), 'previous')
  const next = iconButton(t.t('alerts.next'), 'next')
  const position = h('p', { class: 'alerts-position' })

  function reserveOf(alert: NoticeAlert): HTMLElement | undefined {
    const reserve = alert.reserve
    if (!reserve) return undefined
    if (reserve.shops.length <= 1) {
      return h('p', {}, h('a', { class: 'button', href: reserve.href }, t.t('alerts.reserve')))
    }
    const listId = uniqueId('alerts-shops')
    const toggle = h(
      'button',
      { type: 'button', class: 'button', 'aria-expanded': 'false', 'aria-controls': listId },
      t.t('alerts.reserve'),
    )
    const list = h(
      'div',
      { id: listId, hidden: true },
      h('p', {}, t.t('alerts.chooseShop')),
      h(
        'ul',
        { class: 'alerts-shops' },
        ...reserve.shops.map((shop) =>
          h(
            'li',
            {},
            h(
              'a',
              { class: 'button button--secondary', href: shop.href },
              t.t('alerts.reserveAt', { shop: shop.name }),
            ),
          ),
        ),
      ),
    )
    toggle.addEventListener('click', () => {
      const open = list.hidden
      list.hidden = !open
      toggle.setAttribute('aria-expanded', String(open))
      if (open) list.querySelector('a')?.focus()
    })
    return h('div', {}, toggle, list)
  }

  function render() {
    const alert = alerts[index]
    if (!alert) {
      page.replaceChildren(h('p', {}, t.t('alerts.empty')))
      return
    }
    page.replaceChildren(sanitisedHtml('notice-body', alert.body), reserveOf(alert) ?? '')
    position.textContent = t.t('alerts.pagination', { current: index + 1, total: alerts.length })
    previous.disabled = index === 0
    next.disabled = index === alerts.length - 1
  }

  previous.addEventListener('click', () => {
    index = Math.max(0, index - 1)
    render()
    ;(previous.disabled ? next : previous).focus()
  })
  next.addEventListener('click', () => {
    index = Math.min(alerts.length - 1, index + 1)
    render()
    ;(next.disabled ? previous : next).focus()
  })
  close.addEventListener('click', () => dialog.close())

  const controls = h('div', { class: 'notice-dialog__controls' })
  if (alerts.length > 1) controls.append(previous, position, next)
  if (options.onEvents) {
    const events = h(
      'button',
      { type: 'button', class: 'button button--secondary' },
      t.t('events.show'),
    )
    events.addEventListener('click', () => {
      dialog.close()
      options.onEvents?.()
    })
    controls.append(events)
  }
  if (controls.childElementCount > 0) dialog.append(controls)
  render()
  openModal('alerts', dialog, { opener: options.opener ?? document.activeElement })
  return dialog
}
