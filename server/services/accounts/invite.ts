import { randomBytes } from 'node:crypto'
import type { Locale } from '#i18n/locales.ts'
import type { Db } from '#server/db/client.ts'
import { type AccountRow, type CompanyRow, passwordResets } from '#server/db/schema/index.ts'
import { businessName, clock, siteBase } from '#server/kernel/index.ts'
import type { ServiceDeps } from '#server/services/deps.ts'
import { hashToken } from '../auth/index.ts'
import { mailTemplate, queueMessage, SECRET } from '../notifier/index.ts'

/**
 * A company user invited to choose a password (docs/decisions/085-company-creation.md): a
 * password-reset token of the account (32 random bytes, only the SHA-256 stored, single use)
 * that lives a week instead of an hour, mailed as a link to the studio, which sets the password
 * with the company users' token call (PUT /api/cmpusers/token/:token). The mail goes through the
 * outbox like every message, its token sealed as the message's secret (decision 018).
 */
const INVITE_TTL_MS = 7 * 24 * 3600_000

const SUBJECT: Readonly<Record<Locale, string>> = {
  fr: 'Votre accès au studio',
  en: 'Your studio access',
  es: 'Su acceso al estudio',
  it: 'Il suo accesso allo studio',
  de: 'Ihr Zugang zum Studio',
}

const TEXT: Readonly<Record<Locale, (link: string, days: number) => string>> = {
  fr: (l, d) =>
    `Bonjour,\n\nVotre compte du studio est prêt. Choisissez votre mot de passe avec ce lien (valable ${d} jours) :\n${l}`,
  en: (l, d) =>
    `Hello,\n\nYour studio account is ready. Choose your password with this link (valid for ${d} days):\n${l}`,
  es: (l, d) =>
    `Hola:\n\nSu cuenta del estudio está lista. Elija su contraseña con este enlace (válido ${d} días):\n${l}`,
  it: (l, d) =>
    `Buongiorno,\n\nIl suo account dello studio è pronto. Scelga la password con questo link (valido ${d} giorni):\n${l}`,
  de: (l, d) =>
    `Guten Tag,\n\nIhr Studio-Konto ist bereit. Wählen Sie Ihr Passwort über diesen Link (${d} Tage gültig):\n${l}`,
}

/**
 * `outbox`: where the mail is queued, the database the notifier relays from (the directory's,
 * docs/decisions/086-database-routing.md); the token is written with the account, in `db`.
 */
export async function inviteCompanyUser(
  deps: Pick<ServiceDeps, 'notifier'> & { readonly db: Db; readonly outbox: Db },
  company: CompanyRow,
  account: AccountRow,
  locale: Locale,
): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  const now = clock.now()
  await deps.db.insert(passwordResets).values({
    companyId: company.id,
    accountId: account.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
  })
  const link = `${siteBase(company)}/studio/?invite=${SECRET}`
  const days = INVITE_TTL_MS / (24 * 3600_000)
  const message = {
    channel: 'email',
    to: account.email,
    subject: `${businessName(company)} - ${SUBJECT[locale]}`,
    body: TEXT[locale](link, days),
    secret: token,
    companyId: company.id,
    // the reset mail's template: a link and how long it lives
    template: mailTemplate('password-reset', locale, { link, minutes: days * 24 * 60 }),
  } as const
  await deps.outbox.transaction((tx) => queueMessage(tx, message))
  // committed: relayed before the answer, so the person has it when told to look
  await deps.notifier.relayQueued()
}
