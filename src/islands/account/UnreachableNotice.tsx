import type { Customer } from '#contract/customer'
import type { AppTranslator } from '#i18n/messages'
import { unreachableNotices } from './profile-state'

interface UnreachableNoticeProps {
  t: AppTranslator
  customer: Customer
  /** moves the focus to the profile form's phone field */
  onFixPhone(): void
}

/**
 * The top of the profile page when a message to the customer's phone or e-mail was refused for
 * good (docs/decisions/054-messages-on-nodemailer.md). An alert, as the account forms' failures
 * are; the phone's button is a real button, so the keyboard reaches the field it focuses. The
 * e-mail cannot be changed online: the customer is sent to the salon.
 */
export function UnreachableNotice({ t, customer, onFixPhone }: UnreachableNoticeProps) {
  const notices = unreachableNotices(customer)
  if (notices.length === 0) return null
  return (
    <div role="alert" className="account-card account-notice">
      {notices.map((notice) =>
        notice.contact === 'phone' ? (
          <div key="phone" className="account-notice__item">
            <p>{t.t('profile.unreachablePhone', { phone: notice.phone })}</p>
            <button type="button" className="button button--secondary" onClick={onFixPhone}>
              {t.t('profile.unreachablePhoneFix')}
            </button>
          </div>
        ) : (
          <p key="email" className="account-notice__item">
            {t.t('profile.unreachableEmail', { email: notice.email })}
          </p>
        ),
      )}
    </div>
  )
}
