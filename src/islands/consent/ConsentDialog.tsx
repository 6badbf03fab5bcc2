import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState } from 'react'
import { CONSENT_EVENT } from '../../scripts/consent/analytics'
import { consent } from '../../stores/browser'
import { type ConsentChoices, draftOnToggle, OPTIONAL_PURPOSES } from '../../stores/consent'
import { isPreview } from '../../stores/ui'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'

interface Props extends TranslatedProps {
  policyHref?: string | undefined
}

/** Room at the end of the page as tall as the fixed dialog (see .site in src/styles/areas/_frame.scss). */
function reserveSpace(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined
  const style = document.documentElement.style
  const observer = new ResizeObserver(() =>
    style.setProperty('--consent-space', `${element.offsetHeight + 16}px`),
  )
  observer.observe(element)
  return () => {
    observer.disconnect()
    style.removeProperty('--consent-space')
  }
}

/**
 * The cookie dialog (docs/product/2-screens.md, docs/product/4-states.md): a persistent, non-modal dialog until a preference is saved;
 * accept, deny, or manage with the mandatory connection cookie and a switch per optional purpose
 * (analytics, marketing, content: decision 008).
 */
export default function ConsentDialog(props: Props) {
  const t = useTranslator(props)
  const state = useStore(consent.$consent)
  const mounted = useMounted()
  const [managing, setManaging] = useState(false)
  const [draft, setDraft] = useState<ConsentChoices>(draftOnToggle(true))
  const id = useId()
  const root = useRef<HTMLElement>(null)
  const shown = mounted && !state.answered
  useEffect(() => (shown ? reserveSpace(root.current) : undefined), [shown])
  if (!mounted || state.answered) return null
  if (isPreview(location, window.self !== window.top)) return null

  const done = (choices: ConsentChoices | 'all' | 'none') => {
    if (choices === 'all') consent.accept()
    else if (choices === 'none') consent.deny()
    else consent.save(choices)
    window.dispatchEvent(new CustomEvent(CONSENT_EVENT))
    // the dialog held the focus: hand it to the page rather than to nothing
    document.getElementById('main')?.focus()
  }
  const toggleManage = () => {
    setDraft(draftOnToggle(!managing))
    setManaging(!managing)
  }

  return (
    <section ref={root} className="consent" role="dialog" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="consent__title">
        {t.t('cookies.title')}
      </h2>
      <p>
        {t.t('cookies.text')}{' '}
        {props.policyHref && <a href={props.policyHref}>{t.t('cookies.policy')}</a>}
      </p>
      {managing && (
        <ul className="consent__list" id={`${id}-list`}>
          <li>
            <label>
              <input type="checkbox" role="switch" aria-checked="true" checked disabled />{' '}
              <strong>{t.t('cookies.connection.title')}</strong> ({t.t('cookies.mandatory')})
            </label>
            <p>{t.t('cookies.connection.text')}</p>
          </li>
          {OPTIONAL_PURPOSES.map((purpose) => (
            <li key={purpose}>
              <label>
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={draft[purpose]}
                  checked={draft[purpose]}
                  onChange={(event) =>
                    setDraft({ ...draft, [purpose]: event.currentTarget.checked })
                  }
                />{' '}
                <strong>{t.t(`cookies.${purpose}.title`)}</strong>
              </label>
              <p>{t.t(`cookies.${purpose}.text`)}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="consent__actions">
        <button type="button" className="button button--secondary" onClick={() => done('none')}>
          {t.t('cookies.deny')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={managing}
          aria-controls={`${id}-list`}
          onClick={toggleManage}
        >
          {t.t('cookies.manage')}
        </button>
        {managing && (
          <button type="button" className="button button--secondary" onClick={() => done(draft)}>
            {t.t('cookies.save')}
          </button>
        )}
        <button type="button" className="button" onClick={() => done('all')}>
          {t.t('cookies.accept')}
        </button>
      </div>
    </section>
  )
}
