import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Loading, Retry } from '../ReadState'
import { useStudioText } from '../studio-text'
import { platformApi } from './platform-api'

/** Every company of the platform, each a link to its site and its studio. */
export function CompanyList() {
  const { t } = useStudioText()
  const id = useId()
  const list = useQuery({
    queryKey: ['platform', 'companies'],
    queryFn: () => platformApi.platform.companies(),
  })
  const port = location.port ? `:${location.port}` : ''
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('studio.platform.companiesHeading')}</h2>
      {list.isError && (
        <Retry message={t('studio.platform.loadError')} onRetry={() => void list.refetch()} />
      )}
      {list.isPending && <Loading message={t('studio.loading')} />}
      {list.data?.length === 0 && <p>{t('studio.platform.noCompanies')}</p>}
      <ul>
        {list.data?.map((company) => (
          <li key={company.host}>
            <a href={`${location.protocol}//${company.host}${port}/`}>{company.host}</a> (
            {company.database})
          </li>
        ))}
      </ul>
    </section>
  )
}
