import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import type { dossierBody, prestationBody } from '#contract/customer-files'
import { islandApi } from '#islands/shared/island-api'
import { studioKeys } from './studio-queries'

/** A customer's dossiers, and creating one. */
export function useDossiers(customerId: string) {
  const client = useQueryClient()
  const key = studioKeys.dossiers(customerId)
  const list = useQuery({
    queryKey: key,
    queryFn: () => islandApi.dossiers.list({ query: { customerId } }),
  })
  const create = useMutation({
    mutationFn: (body: z.input<typeof dossierBody>) => islandApi.dossiers.create({ body }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  })
  return { list, create }
}

type Prestations = Awaited<ReturnType<typeof islandApi.prestations.list>>

/**
 * A dossier's prestations, and recording one. The server copies the lots it used, so the new
 * line is read back rather than guessed; a refusal leaves the list as it was.
 */
export function usePrestations(dossierId: string) {
  const client = useQueryClient()
  const key = studioKeys.prestations(dossierId)
  const list = useQuery({
    queryKey: key,
    queryFn: () => islandApi.prestations.list({ query: { dossierId } }),
  })
  const create = useMutation({
    mutationFn: (body: z.input<typeof prestationBody>) => islandApi.prestations.create({ body }),
    onSuccess: (made) => client.setQueryData<Prestations>(key, (old) => [made, ...(old ?? [])]),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  })
  return { list, create }
}

/** The company's pigments and needles (read by every company user). */
export function useStock() {
  const pigments = useQuery({
    queryKey: studioKeys.pigments,
    queryFn: () => islandApi.pigments.list(),
  })
  const needles = useQuery({
    queryKey: studioKeys.needles,
    queryFn: () => islandApi.needles.list(),
  })
  return { pigments, needles }
}
