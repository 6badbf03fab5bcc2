import type { Company, HeroSlide } from '#contract/index'
import { ImageUrlField } from '../ImageUrlField'
import { useStudioText } from '../studio-text'
import { TextField, TranslatedField } from './TextFields'

type Booker = Company['booker']

/**
 * The home page's hero and its slides (spec, home hero): shown or not, each slide's title, text,
 * picture (an address, or the media library) and where its button leads.
 */
export function HomeForm({
  lang,
  booker,
  onBooker,
}: {
  lang: string
  booker: Booker
  onBooker: (booker: Booker) => void
}) {
  const { t } = useStudioText()
  const hero = booker.sections.home.heroImage
  const setHero = (next: typeof hero) =>
    onBooker({ ...booker, sections: { ...booker.sections, home: { heroImage: next } } })
  const setSlide = (index: number, slide: HeroSlide) =>
    setHero({ ...hero, slides: hero.slides.map((old, i) => (i === index ? slide : old)) })
  return (
    <>
      <label className="studio-check">
        <input
          type="checkbox"
          checked={hero.enabled}
          onChange={(event) => setHero({ ...hero, enabled: event.target.checked })}
        />{' '}
        {t('studio.settings.home.enabled')}
      </label>
      {hero.slides.map((slide, index) => (
        <fieldset
          // slides have no id: their place is their identity while editing
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          className="studio-field-row"
        >
          <legend>{t('studio.settings.home.slide', { n: index + 1 })}</legend>
          <TranslatedField
            label={t('studio.settings.home.title')}
            lang={lang}
            value={slide.title}
            onChange={(title) => setSlide(index, { ...slide, title })}
          />
          <TranslatedField
            label={t('studio.settings.home.text')}
            lang={lang}
            value={slide.text}
            onChange={(text) => setSlide(index, { ...slide, text })}
          />
          <ImageUrlField
            label={t('studio.settings.home.image')}
            value={slide.image?.url}
            onChange={(url) => setSlide(index, { ...slide, image: url ? { url } : undefined })}
          />
          <TextField
            type="url"
            label={t('studio.settings.home.link')}
            value={slide.action?.type === 'url' ? slide.action.url : undefined}
            onChange={(url) =>
              setSlide(index, { ...slide, action: url ? { type: 'url', url } : undefined })
            }
          />
          <TranslatedField
            label={t('studio.settings.home.button')}
            lang={lang}
            value={slide.buttonLabel}
            onChange={(buttonLabel) => setSlide(index, { ...slide, buttonLabel })}
          />
          <button
            type="button"
            onClick={() => setHero({ ...hero, slides: hero.slides.filter((_, i) => i !== index) })}
          >
            {t('studio.settings.remove')}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        onClick={() =>
          setHero({
            ...hero,
            slides: [...hero.slides, { title: {}, text: {}, buttonLabel: {} }],
          })
        }
      >
        {t('studio.settings.home.addSlide')}
      </button>
    </>
  )
}
