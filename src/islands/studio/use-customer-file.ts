import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { islandApi } from '#islands/shared/island-api'
import { studioKeys } from './studio-queries'

/**
 * A customer's profile in the studio (docs/decisions/079-customer-files-and-erasure.md): the
 * profile call beside the existing history and remaining-amount calls, one key each.
 */
export function useCustomerProfile(artebeauteId: string) {
  const query = { artebeauteId }
  const profile = useQuery({
    queryKey: studioKeys.customerProfile(artebeauteId),
    queryFn: () => islandApi.customers.profile({ query }),
  })
  const history = useQuery({
    queryKey: studioKeys.customerHistory(artebeauteId),
    queryFn: () => islandApi.customers.history({ query }),
  })
  const remaining = useQuery({
    queryKey: studioKeys.customerRemaining(artebeauteId),
    queryFn: () => islandApi.customers.remainingAmount({ query }),
  })
  return { profile, history, remaining }
}

type Profile = Awaited<ReturnType<typeof islandApi.customers.profile>>

/** Saves the staff's notes, shown at once and put back when the server refuses. */
export function useSaveNotes(artebeauteId: string) {
  const client = useQueryClient()
  const key = studioKeys.customerProfile(artebeauteId)
  return useMutation({
    mutationFn: (notes: string) => islandApi.customers.notes({ body: { artebeauteId, notes } }),
    onMutate: async (notes) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData<Profile>(key)
      client.setQueryData<Profile>(key, (p) => (p ? { ...p, notes } : p))
      return { before }
    },
    onError: (_error, _notes, context?: { before: Profile | undefined }) => {
      client.setQueryData(key, context?.before)
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  })
}

/** The export, handed to the browser as a JSON file to keep. */
export async function downloadArchive(artebeauteId: string): Promise<void> {
  const archive = await islandApi.customers.exportData({ query: { artebeauteId } })
  const blob = new Blob([JSON.stringify(archive, null, 2)], { type: 'application/json' })
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = `customer-${artebeauteId}.json`
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(link.href)
}

/** The erasure: afterwards every read of that customer is asked again. */
export function useErase(artebeauteId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => islandApi.customers.erase({ body: { artebeauteId } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['studio'] }),
  })
}
