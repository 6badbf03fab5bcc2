import type { BottomNavSlot, Company } from '#contract/index'
import { bottomNavSlot } from '#contract/index'
import { useStudioText } from '../studio-text'
import { TextField, TranslatedField } from './TextFields'

type Booker = Company['booker']
type Labels = Company['menuLabels']
const LABELS = ['services', 'boutique', 'gift', 'contact', 'magazine'] as const

/**
 * The menu's labels, the "Others" items and the phone's bottom navigation (spec, screens): its
 * two slots and their own texts, which show instead of the menu's label when set.
 */
export function MenusForm({
  lang,
  booker,
  labels,
  onBooker,
  onLabels,
}: {
  lang: string
  booker: Booker
  labels: Labels
  onBooker: (booker: Booker) => void
  onLabels: (labels: Labels) => void
}) {
  const { t } = useStudioText()
  const items = booker.customMenuItems
  const mobile = booker.navigation.mobile
  const setItem = (index: number, item: Booker['customMenuItems'][number]) =>
    onBooker({ ...booker, customMenuItems: items.map((old, i) => (i === index ? item : old)) })
  const setSlot = (side: 'bottomNavLeft' | 'bottomNavRight', slot: BottomNavSlot) =>
    onBooker({
      ...booker,
      navigation: { ...booker.navigation, mobile: { ...mobile, [side]: slot } },
    })
  return (
    <>
      <fieldset>
        <legend>{t('studio.settings.menus.labels')}</legend>
        {LABELS.map((key) => (
          <TranslatedField
            key={key}
            label={t(`studio.settings.menus.label.${key}`)}
            lang={lang}
            value={labels[key]}
            onChange={(text) => onLabels({ ...labels, [key]: text })}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('studio.settings.menus.others')}</legend>
        {items.map((item, index) => (
          <div key={item.id} className="studio-field-row">
            <TranslatedField
              label={t('studio.settings.menus.itemLabel')}
              lang={lang}
              value={item.label}
              onChange={(label) => setItem(index, { ...item, label })}
            />
            <TextField
              type="url"
              label={t('studio.settings.menus.itemUrl')}
              value={item.url}
              onChange={(url) => setItem(index, { ...item, url: url ?? '' })}
            />
            <button
              type="button"
              onClick={() =>
                onBooker({ ...booker, customMenuItems: items.filter((_, i) => i !== index) })
              }
            >
              {t('studio.settings.remove')}
            </button>
          </div>
        ))}
        <button
          type="button"
          onClick={() =>
            onBooker({
              ...booker,
              customMenuItems: [
                ...items,
                { id: crypto.randomUUID(), url: '/', label: {}, order: items.length },
              ],
            })
          }
        >
          {t('studio.settings.menus.addItem')}
        </button>
      </fieldset>
      <fieldset>
        <legend>{t('studio.settings.menus.bottomNav')}</legend>
        {(['bottomNavLeft', 'bottomNavRight'] as const).map((side) => (
          <label key={side}>
            {t(`studio.settings.menus.${side}`)}{' '}
            <select
              value={mobile[side]}
              onChange={(event) => setSlot(side, bottomNavSlot.parse(event.target.value))}
            >
              {bottomNavSlot.options.map((slot) => (
                <option key={slot} value={slot}>
                  {t(`studio.settings.menus.slot.${slot}`)}
                </option>
              ))}
            </select>
          </label>
        ))}
        {(['bottomNavLeftInfo', 'bottomNavRightInfo'] as const).map((side) => (
          <TranslatedField
            key={side}
            label={t(`studio.settings.menus.${side}`)}
            lang={lang}
            value={mobile[side]}
            onChange={(text) =>
              onBooker({
                ...booker,
                navigation: { ...booker.navigation, mobile: { ...mobile, [side]: text } },
              })
            }
          />
        ))}
      </fieldset>
    </>
  )
}
