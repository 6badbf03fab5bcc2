import { TIMING_MS } from '#contract/constants'
import { repeatsTitle } from '#domain/content/repeated-title'
import type { Translator } from '#i18n/translator'
import { openModal } from '../dialogs/modal'
import { h, iconButton, sanitisedHtml, uniqueId } from './dom'
import { eventPicture } from './event-picture'
import type { NoticeEvent } from './frame'

/** docs/product/9-constants.md: the events carousel advances every 10 s. */
/** Up to this many events get dots; more get a counter ('2 / 7'). */
export const MAX_DOTS = 5

/** The body without a leading heading that says the slide's title again (repeated-title.ts). */
function bodyOf(event: NoticeEvent): HTMLDivElement {
  const body = sanitisedHtml('notice-body', event.body)
  let first = body.firstChild
  while (first?.nodeType === Node.TEXT_NODE && (first.textContent ?? '').trim() === '') {
    first = first.nextSibling
  }
  if (first instanceof HTMLElement && /^h[1-6]$/.test(first.localName)) {
    if (repeatsTitle(first.textContent ?? '', event.title)) first.remove()
  }
  return body
}

/**
 * The events dialog (docs/product/2-screens.md, docs/product/4-states.md, docs/product/9-constants.md): a 950 px modal <dialog> carousel of the current events
 * with image, dates when showDates, body, the optional link button ('more info' by default),
 * previous and next arrows, dots or a counter, auto-advancing every 10 s when there is more than
 * one. The rotation stops on hover and focus and has a pause button (WCAG 2.2.2); under
 * prefers-reduced-motion the slides change without their motion (the stylesheet), still every 10 s.
 */
export function openEventsDialog(
  events: readonly NoticeEvent[],
  t: Translator,
  iso: string,
  opener: Element | null = document.activeElement,
): HTMLDialogElement | undefined {
  if (events.length === 0) return undefined
  const titleId = uniqueId('events-title')
  const slide = h('div', { class: 'events-slide', 'aria-live': 'off' })
  const close = iconButton(t.t('events.close'), 'close')
  const dialog = h(
    'dialog',
    { class: 'notice-dialog events-dialog', 'aria-labelledby': titleId },
    h(
      'div',
      { class: 'notice-dialog__head' },
      h('h2', { id: titleId }, t.t('events.title')),
      close,
    ),
    h(
      'div',
      {
        class: 'notice-dialog__body',
        role: 'region',
        'aria-roledescription': 'carousel',
        'aria-labelledby': titleId,
      },
      slide,
    ),
  )
  // the calendar date the company entered (the instant's own offset), whatever the visitor's zone
  const format = new Intl.DateTimeFormat(iso, { dateStyle: 'long', timeZone: 'UTC' })
  const dateOf = (instant: string) => format.format(new Date(`${instant.slice(0, 10)}T12:00:00Z`))
  const many = events.length > 1
  let index = 0
  let paused = false
  let hovered = false
  let timer: ReturnType<typeof setInterval> | undefined

  const dots = many && events.length <= MAX_DOTS ? h('ul', { class: 'events-dots' }) : undefined
  const dotButtons = events.map((_, at) => {
    const button = h('button', {
      type: 'button',
      'aria-label': t.t('events.goTo', { index: at + 1 }),
    })
    button.addEventListener('click', () => show(at, true))
    dots?.append(h('li', {}, button))
    return button
  })
  const counter = many && !dots ? h('p', { class: 'events-counter' }) : undefined
  const pause = h('button', { type: 'button', class: 'button button--secondary' })

  function render() {
    const event = events[index]
    if (!event) return
    slide.replaceChildren(
      h(
        'article',
        {
          'aria-roledescription': 'slide',
          'aria-label': t.t('events.slide', { current: index + 1, total: events.length }),
        },
        // its box is the stylesheet's (16:9), whatever the file: nothing moves when it arrives
        ...event.images.slice(0, 1).map(eventPicture),
        h('h3', {}, event.title),
        event.showDates &&
          h(
            'p',
            { class: 'events-slide__dates' },
            t.t('events.dates', {
              start: dateOf(event.start),
              end: dateOf(event.end),
            }),
          ),
        bodyOf(event),
        event.link &&
          h(
            'p',
            {},
            h(
              'a',
              { class: 'button', href: event.link.url },
              event.link.label || t.t('events.moreInfo'),
            ),
          ),
      ),
    )
    dotButtons.forEach((button, at) => {
      button.setAttribute('aria-current', String(at === index))
    })
    if (counter)
      counter.textContent = t.t('events.counter', { current: index + 1, total: events.length })
  }

  function show(at: number, byUser: boolean) {
    index = (at + events.length) % events.length
    slide.setAttribute('aria-live', byUser ? 'polite' : 'off')
    render()
  }

  function schedule() {
    if (timer) clearInterval(timer)
    timer = undefined
    if (many && !paused && !hovered) {
      timer = setInterval(() => show(index + 1, false), TIMING_MS.eventsCarousel)
    }
  }

  function renderPause() {
    pause.textContent = paused ? t.t('events.play') : t.t('events.pause')
    pause.setAttribute('aria-pressed', String(paused))
  }

  if (many) {
    const previous = iconButton(t.t('events.previous'), 'previous')
    const next = iconButton(t.t('events.next'), 'next')
    previous.addEventListener('click', () => show(index - 1, true))
    next.addEventListener('click', () => show(index + 1, true))
    pause.addEventListener('click', () => {
      paused = !paused
      renderPause()
      schedule()
    })
    renderPause()
    dialog.append(
      h('div', { class: 'notice-dialog__controls' }, previous, dots, counter, next, pause),
    )
    // the rotation waits while the visitor points at or reads the dialog (WCAG 2.2.2)
    const hold = (value: boolean) => () => {
      hovered = value
      schedule()
    }
    slide.addEventListener('mouseenter', hold(true))
    slide.addEventListener('mouseleave', hold(false))
    dialog.addEventListener('focusin', (event) => {
      hovered = slide.contains(event.target as Node)
      schedule()
    })
  }

  close.addEventListener('click', () => dialog.close())
  dialog.addEventListener('close', () => {
    if (timer) clearInterval(timer)
  })
  render()
  // queued behind another dialog, it starts turning only once on screen
  openModal('events', dialog, { opener, onShow: schedule })
  return dialog
}
