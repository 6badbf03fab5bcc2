import { useStore } from '@nanostores/react'
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { StudioTranslator } from '#i18n/studio-messages'
import { Loading, Retry } from '../ReadState'
import { StudioText, useStudioText } from '../studio-text'
import { AdminForm } from './AdminForm'
import { CompanyForm } from './CompanyForm'
import { CompanyList } from './CompanyList'
import { $adminToken, keepAdminToken, platformApi } from './platform-api'

/**
 * The platform screen at /studio/platform/ (docs/decisions/085-company-creation.md): a fresh
 * deployment asks for its first administrator; an administrator signs in and creates companies.
 */
export function PlatformApp({ translator }: { translator: StudioTranslator }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 10_000 } } }),
  )
  return (
    <StudioText.Provider value={translator}>
      <QueryClientProvider client={client}>
        <PlatformRoot />
      </QueryClientProvider>
    </StudioText.Provider>
  )
}

function PlatformRoot() {
  const { t } = useStudioText()
  const token = useStore($adminToken)
  const installed = useQuery({
    queryKey: ['platform', 'installed'],
    queryFn: () => platformApi.platform.installed(),
  })
  return (
    <main id="studio-main" className="studio-platform">
      <h1>{t('studio.platform.title')}</h1>
      <p>{t('studio.platform.intro')}</p>
      {token ? (
        <>
          <button type="button" onClick={() => keepAdminToken(null)}>
            {t('studio.platform.signOut')}
          </button>
          <CompanyForm />
          <CompanyList />
        </>
      ) : (
        <Installation
          installed={installed.data?.installed}
          failed={installed.isError}
          retry={() => void installed.refetch()}
        />
      )}
    </main>
  )
}

function Installation(props: {
  installed: boolean | undefined
  failed: boolean
  retry: () => void
}) {
  const { t } = useStudioText()
  if (props.failed) return <Retry message={t('studio.platform.loadError')} onRetry={props.retry} />
  if (props.installed === undefined) return <Loading message={t('studio.loading')} />
  return <AdminForm mode={props.installed ? 'signIn' : 'register'} />
}
