import type { BottomNavSlot, Company, MenuLabels, TranslatedText } from '#contract/index'

/**
 * The site's texts as the studio's settings forms edit them, in the framed storefront's `text`
 * preview messages (docs/decisions/093-live-text-preview.md): one message per slot the site
 * marks (hero slides, menu labels, the bottom bar, the "Others" items, the legal texts), with
 * what the built page would show for the draft in that language. A text the page would take
 * from French, or from any language, is sent so; an emptied menu label is sent empty and the
 * page shows its catalog word. Nothing here is saved.
 */
export interface TextMessage {
  kind: 'text'
  target: string
  locale: string
  text: string
}

type Texts = Pick<Company, 'booker' | 'menuLabels'>

const MENU_KEYS = ['services', 'boutique', 'gift', 'contact', 'magazine'] as const
const LEGAL_KEYS = ['rgpd', 'mentions', 'cgv', 'cgu', 'cookies'] as const

const own = (text: TranslatedText | undefined, lang: string): string =>
  (text as Record<string, string | undefined> | undefined)?.[lang]?.trim() ?? ''

/** As the site's `pick`: the language's text, else French, else any language's, else ''. */
export function pickText(text: TranslatedText | undefined, lang: string): string {
  if (!text) return ''
  const values = Object.values(text as Record<string, string | undefined>)
  return own(text, lang) || own(text, 'fr') || values.find((value) => value?.trim())?.trim() || ''
}

const isMenuKey = (slot: BottomNavSlot): slot is (typeof MENU_KEYS)[number] =>
  (MENU_KEYS as readonly string[]).includes(slot)

/** Every text message that shows `texts` in `lang` on the framed page. */
export function textMessages(texts: Texts, lang: string): TextMessage[] {
  const { booker, menuLabels } = texts
  const messages: TextMessage[] = []
  const add = (target: string, text: string) =>
    messages.push({ kind: 'text', target, locale: lang, text })
  booker.sections.home.heroImage.slides.forEach((slide, index) => {
    add(`hero.${index}.title`, pickText(slide.title, lang))
    add(`hero.${index}.text`, pickText(slide.text, lang))
    add(`hero.${index}.button`, pickText(slide.buttonLabel, lang))
  })
  for (const key of MENU_KEYS) add(`menu.${key}`, own(menuLabels[key], lang))
  const mobile = booker.navigation.mobile
  const bottom = (slot: BottomNavSlot, info: TranslatedText) =>
    own(info, lang) || (isMenuKey(slot) ? own(menuLabels[slot as keyof MenuLabels], lang) : '')
  add('bottom.left', bottom(mobile.bottomNavLeft, mobile.bottomNavLeftInfo))
  add('bottom.right', bottom(mobile.bottomNavRight, mobile.bottomNavRightInfo))
  for (const item of booker.customMenuItems) add(`other.${item.id}`, pickText(item.label, lang))
  for (const key of LEGAL_KEYS) add(`legal.${key}`, pickText(booker.textLegals[key], lang))
  return messages
}

/**
 * The messages of `next` whose text differs from what was last sent (`sent`, by language and
 * target), which it then records: a keystroke re-sends one slot, not every legal text.
 */
export function changedMessages(
  next: readonly TextMessage[],
  sent: Map<string, string>,
): TextMessage[] {
  const key = (message: TextMessage) => `${message.locale} ${message.target}`
  const changed = next.filter((message) => sent.get(key(message)) !== message.text)
  for (const message of changed) sent.set(key(message), message.text)
  return changed
}

/** The site's home in a language: French at the root, the others under their code. */
export const homeIn = (lang: string): string => (lang === 'fr' ? '/' : `/${lang}/`)
