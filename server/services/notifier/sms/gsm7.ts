/**
 * The GSM 03.38 default alphabet and its extension table: text made only of these goes as
 * 7-bit SMS (160 characters a part); anything else needs UCS-2 (70 a part), which Vonage must be
 * told (`type=unicode`, its SMS API reference) or it replaces the characters. Twilio picks the
 * encoding itself. French needs care: é è à ù Ç are in the alphabet, ê â î ô û ç ë ï are not.
 */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ\u00a7¿abcdefghijklmnopqrstuvwxyzäöñüà'
const EXTENSION = '\f^{}\\[~]|€'
const GSM7 = new Set([...BASIC, ...EXTENSION])

export function needsUnicode(text: string): boolean {
  for (const char of text) if (!GSM7.has(char)) return true
  return false
}
