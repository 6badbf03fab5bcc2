import { useStore } from '@nanostores/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import type { StudioTranslator } from '#i18n/studio-messages'
import { session } from '#stores/browser'
import { InviteForm } from './InviteForm'
import { SignIn } from './SignIn'
import { StudioShell } from './StudioShell'
import { StudioText } from './studio-text'

/**
 * The studio (docs/decisions/071-studio-app.md): sign-in while no company user's token is held,
 * the signed-in screens after. Server state lives in one QueryClient: a failed read is retried
 * once, and the agenda is refreshed when the window gets the focus back.
 */
export function StudioApp({ translator }: { translator: StudioTranslator }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: true } },
      }),
  )
  return (
    <StudioText.Provider value={translator}>
      <QueryClientProvider client={client}>
        <StudioRoot />
      </QueryClientProvider>
    </StudioText.Provider>
  )
}

/** An invitation's token (docs/decisions/085-company-creation.md), read once from the address. */
const inviteToken = () =>
  typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('invite')

function StudioRoot() {
  const { providerToken } = useStore(session.$session)
  const [invite, setInvite] = useState(inviteToken)
  const [invited, setInvited] = useState(false)
  if (invite && !providerToken) {
    const done = () => {
      // the token is spent: the address no longer carries it
      history.replaceState(null, '', location.pathname)
      setInvite(null)
      setInvited(true)
    }
    return <InviteForm token={invite} onDone={done} />
  }
  return providerToken ? <StudioShell /> : <SignIn invited={invited} />
}
