import { DEFAULT_LOCALE, isLocale, type Locale } from '#i18n/locales.ts'
import { localizePath } from '#i18n/paths.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { businessName, siteBase } from '#server/kernel/index.ts'
import { SECRET } from '../notifier/index.ts'

/**
 * The texts of the messages this API sends a person, in the language of the request (the
 * `curlang` header of docs/product/7-calls.md, French otherwise). They name the business, never the platform.
 */

export function requestLocale(curlang: string | undefined): Locale {
  const code = curlang?.trim().slice(0, 2).toLowerCase()
  return isLocale(code) ? code : DEFAULT_LOCALE
}

const CODE_TEXT: Readonly<Record<Locale, (name: string, code: string, minutes: number) => string>> =
  {
    fr: (n, c, m) => `${n} : votre code de vérification est ${c}. Il expire dans ${m} minutes.`,
    en: (n, c, m) => `${n}: your verification code is ${c}. It expires in ${m} minutes.`,
    es: (n, c, m) => `${n}: su código de verificación es ${c}. Caduca en ${m} minutos.`,
    it: (n, c, m) => `${n}: il suo codice di verifica è ${c}. Scade tra ${m} minuti.`,
    de: (n, c, m) => `${n}: Ihr Bestätigungscode lautet ${c}. Er läuft in ${m} Minuten ab.`,
  }

const CODE_SUBJECT: Readonly<Record<Locale, string>> = {
  fr: 'Votre code de vérification',
  en: 'Your verification code',
  es: 'Su código de verificación',
  it: 'Il suo codice di verifica',
  de: 'Ihr Bestätigungscode',
}

/** The code goes as the message's secret: the text holds SECRET in its place (decision 018). */
export function codeMessage(locale: Locale, company: CompanyRow, code: string, minutes: number) {
  const name = businessName(company)
  return {
    subject: `${name} - ${CODE_SUBJECT[locale]}`,
    body: CODE_TEXT[locale](name, SECRET, minutes),
    secret: code,
  }
}

const RESET_SUBJECT: Readonly<Record<Locale, string>> = {
  fr: 'Réinitialisation de votre mot de passe',
  en: 'Reset your password',
  es: 'Restablecer su contraseña',
  it: 'Reimpostare la password',
  de: 'Passwort zurücksetzen',
}

const RESET_TEXT: Readonly<Record<Locale, (link: string, minutes: number) => string>> = {
  fr: (l, m) =>
    `Bonjour,\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable ${m} minutes) :\n${l}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message.`,
  en: (l, m) =>
    `Hello,\n\nTo choose a new password, open this link (valid for ${m} minutes):\n${l}\n\nIf you did not ask for this, ignore this message.`,
  es: (l, m) =>
    `Hola:\n\nPara elegir una nueva contraseña, abra este enlace (válido ${m} minutos):\n${l}\n\nSi no lo ha solicitado, ignore este mensaje.`,
  it: (l, m) =>
    `Buongiorno,\n\nPer scegliere una nuova password, apra questo link (valido ${m} minuti):\n${l}\n\nSe non ha fatto questa richiesta, ignori questo messaggio.`,
  de: (l, m) =>
    `Guten Tag,\n\num ein neues Passwort zu wählen, öffnen Sie diesen Link (${m} Minuten gültig):\n${l}\n\nWenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht.`,
}

/** The reset page's address, SECRET in place of the token (the text's and the template's). */
export function resetLink(locale: Locale, company: CompanyRow): string {
  return `${siteBase(company)}${localizePath(`/profile/password-reset/${SECRET}`, locale)}`
}

/**
 * The reset mail: a link to the site's /profile/password-reset/:token page (docs/product/2-screens.md); the token
 * goes as the message's secret, the text holds SECRET in its place (decision 018).
 */
export function resetMessage(locale: Locale, company: CompanyRow, token: string, minutes: number) {
  const link = resetLink(locale, company)
  return {
    subject: `${businessName(company)} - ${RESET_SUBJECT[locale]}`,
    body: RESET_TEXT[locale](link, minutes),
    secret: token,
  }
}
