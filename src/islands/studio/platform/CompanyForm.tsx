import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { ApiError } from '#api/index'
import { LANGUAGES } from '#contract/language'
import { useStudioText } from '../studio-text'
import { platformApi } from './platform-api'

type NewCompany = Parameters<typeof platformApi.platform.createCompany>[0]['body']
type Outcome = { kind: 'created'; host: string } | { kind: 'hostTaken' | 'createFailed' } | null

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim()
const optional = (value: string) => (value === '' ? undefined : value)

/** What the form says, as the call's body: languages in the order they are listed. */
function bodyOf(form: FormData): NewCompany {
  const languages = LANGUAGES.map((l) => l.code).filter((code) => form.get(`lang-${code}`) === 'on')
  const database = optional(text(form, 'database'))
  return {
    host: text(form, 'host').toLowerCase(),
    name: text(form, 'name'),
    languages: languages.length > 0 ? languages : ['fr'],
    shop: {
      name: text(form, 'shopName'),
      ...(optional(text(form, 'city')) ? { city: text(form, 'city') } : {}),
      ...(optional(text(form, 'country')) ? { country: text(form, 'country') } : {}),
    },
    owner: {
      email: text(form, 'ownerEmail'),
      firstname: text(form, 'ownerFirstname'),
      lastname: text(form, 'ownerLastname'),
    },
    ...(database ? { database } : {}),
  }
}

/** A new company (POST /api/companies, docs/decisions/085-company-creation.md). */
export function CompanyForm() {
  const { t } = useStudioText()
  const id = useId()
  const client = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const databases = useQuery({
    queryKey: ['platform', 'databases'],
    queryFn: () => platformApi.platform.databases(),
  })
  const create = useMutation({
    mutationFn: (body: NewCompany) => platformApi.platform.createCompany({ body }),
    onSuccess: (created, _body) => {
      setOutcome({ kind: 'created', host: created.host })
      void client.invalidateQueries({ queryKey: ['platform'] })
    },
    onError: (error) =>
      setOutcome({
        kind: error instanceof ApiError && error.status === 409 ? 'hostTaken' : 'createFailed',
      }),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setOutcome(null)
    create.mutate(bodyOf(new FormData(event.currentTarget)))
  }
  const field = (name: string, label: string, type = 'text', required = true) => (
    <>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input id={`${id}-${name}`} name={name} type={type} required={required} />
    </>
  )
  return (
    <section aria-labelledby={`${id}-heading`} className="studio-platform-create">
      <h2 id={`${id}-heading`}>{t('studio.platform.createHeading')}</h2>
      <form onSubmit={submit} aria-describedby={outcome ? `${id}-outcome` : undefined}>
        <label htmlFor={`${id}-host`}>{t('studio.platform.host')}</label>
        <input id={`${id}-host`} name="host" required aria-describedby={`${id}-host-hint`} />
        <p id={`${id}-host-hint`}>{t('studio.platform.hostHint')}</p>
        {field('name', t('studio.platform.name'))}
        <fieldset>
          <legend>{t('studio.platform.languages')}</legend>
          {LANGUAGES.map((language) => (
            <label key={language.code}>
              <input
                type="checkbox"
                name={`lang-${language.code}`}
                defaultChecked={language.code === 'fr'}
              />{' '}
              {language.name}
            </label>
          ))}
        </fieldset>
        {field('shopName', t('studio.platform.shopName'))}
        {field('city', t('studio.platform.city'), 'text', false)}
        {field('country', t('studio.platform.country'), 'text', false)}
        {field('ownerEmail', t('studio.platform.ownerEmail'), 'email')}
        {field('ownerFirstname', t('studio.platform.ownerFirstname'))}
        {field('ownerLastname', t('studio.platform.ownerLastname'))}
        {(databases.data?.length ?? 0) > 1 && (
          <>
            <label htmlFor={`${id}-database`}>{t('studio.platform.database')}</label>
            <select id={`${id}-database`} name="database">
              {databases.data?.map((db) => (
                <option key={db.name} value={db.name}>
                  {db.name} ({db.companies})
                </option>
              ))}
            </select>
          </>
        )}
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? t('studio.platform.creating') : t('studio.platform.create')}
        </button>
        <p
          id={`${id}-outcome`}
          role="status"
          className={outcome?.kind === 'created' ? undefined : 'studio-error'}
        >
          {outcome?.kind === 'created' && t('studio.platform.created', { host: outcome.host })}
          {outcome && outcome.kind !== 'created' && t(`studio.platform.${outcome.kind}`)}
        </p>
      </form>
    </section>
  )
}
