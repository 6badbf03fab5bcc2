import '#styles/notices.scss'
import { COOKIE_LIFETIME_S } from '#contract/constants'
import { COUPON_DISMISSED_COOKIE } from '#islands/loading/needs'
import { openModal } from '../dialogs/modal'

/** docs/product/9-constants.md: the dismissal lasts one day. */

/**
 * Opens the home coupon pop-up rendered in `template` (CouponPopup.astro) as a modal <dialog>.
 * Closing it in any way (button, Escape, backdrop, the book link) stores the dismissal cookie for
 * one day (docs/product/4-states.md). It waits for any dialog already up
 * (dialogs/modal.ts). Vanilla: no framework for one dialog (decision 008).
 */
export function openCouponPopup(template: HTMLTemplateElement): HTMLDialogElement | undefined {
  const dialog = template.content.firstElementChild?.cloneNode(true)
  if (!(dialog instanceof HTMLDialogElement)) return undefined
  const dismiss = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: one synchronous cookie write, no store needed
    document.cookie = `${COUPON_DISMISSED_COOKIE}=1; Path=/; Max-Age=${COOKIE_LIFETIME_S.couponDismissal}; SameSite=Lax`
  }
  dialog.querySelector('[data-close]')?.addEventListener('click', () => dialog.close())
  dialog.querySelector('[data-book]')?.addEventListener('click', dismiss)
  dialog.addEventListener('close', dismiss)
  // behind the events carousel when that asked first (both open on load, in no fixed order)
  openModal('coupon', dialog)
  return dialog
}
