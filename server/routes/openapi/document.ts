import * as z from 'zod/mini'
import type { CallAuth, ServiceGroup } from '#contract/call.ts'
import { type CallEntry, listCalls } from '#contract/calls/index.ts'
import { apiError, errorBodyFor } from '#contract/error.ts'

/**
 * The OpenAPI 3.1 document of this API, generated from the call descriptions of src/contract
 * (decision 001), so the reference can never drift from what the server validates. Parameters,
 * bodies and answers are the calls' own zod schemas turned into JSON Schema.
 */
type Json = Record<string, unknown>

const SECURITY: Readonly<Record<CallAuth, Json[] | undefined>> = {
  none: undefined,
  optional: [{}, { bearer: [] }],
  customer: [{ bearer: [] }],
  provider: [{ bearer: [] }],
  access: [{ bearer: [] }],
  any: [{ bearer: [] }],
  platform: [{ bearer: [] }],
}

/** Groups whose calls carry no company header (docs/architecture.md, service groups). */
const NO_COMPANY: ReadonlySet<ServiceGroup> = new Set(['bookingAdmin', 'stats'])

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json
  return rest
}

/** One OpenAPI parameter per property of an object schema (path params, query values). */
function parameters(schema: z.ZodMiniType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return []
  const shape = jsonSchema(schema, 'input')
  const properties = (shape.properties ?? {}) as Record<string, Json>
  const required = new Set((shape.required ?? []) as string[])
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }))
}

function errorAnswer(group: ServiceGroup): Json {
  const example = errorBodyFor(group, { code: 400, message: 'Invalid input.' })
  const schema = jsonSchema(apiError, 'output')
  const body =
    group === 'marketplace' || group === 'booking' ? objectOf({ errors: schema }) : schema
  return {
    description: 'Refused: the normalised error of this call’s service group.',
    content: { 'application/json': { schema: body, example } },
  }
}

const objectOf = (properties: Json): Json => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
})

function operation({ group, name, def }: CallEntry): Json {
  const headers: Json[] = NO_COMPANY.has(def.group)
    ? []
    : [
        { name: 'company', in: 'header', required: true, schema: { type: 'string' } },
        { name: 'curlang', in: 'header', required: false, schema: { type: 'string' } },
      ]
  const security = SECURITY[def.auth]
  return {
    operationId: `${group}.${name}`,
    tags: [group],
    summary: `${name} (${def.group} service, auth: ${def.auth}${def.ownerOnly ? ', owner only' : ''})`,
    // docs/decisions/072-studio-roles.md: a company user who is not the owner is 403
    ...(def.ownerOnly ? { 'x-owner-only': true } : {}),
    parameters: [...parameters(def.params, 'path'), ...parameters(def.query, 'query'), ...headers],
    ...(def.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(def.body, 'input') } },
          },
        }
      : {}),
    ...(def.multipart ? { requestBody: uploadBody(def.path, def.multipart.maxBytes) } : {}),
    responses: {
      '200': {
        description: 'Success.',
        content: { 'application/json': { schema: jsonSchema(def.response, 'output') } },
      },
      '4XX': errorAnswer(def.group),
    },
    ...(security ? { security } : {}),
  }
}

/**
 * An upload's form (docs/decisions/081-media-storage.md): `file` or `files`, and `alt`, JSON
 * alt texts per language (an array of them for several files).
 */
function uploadBody(path: string, maxBytes: number): Json {
  const many = path.endsWith('/images')
  const file = { type: 'string', format: 'binary' }
  return {
    required: true,
    description: `multipart/form-data of at most ${maxBytes} bytes`,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: [many ? 'files' : 'file', 'alt'],
          properties: {
            [many ? 'files' : 'file']: many ? { type: 'array', items: file } : file,
            alt: { type: 'string', description: 'JSON: alt texts per language' },
          },
        },
      },
    },
  }
}

/** `/api/shops/:id` → `/api/shops/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

export function openApiDocument(version: string): Json {
  const paths: Record<string, Record<string, Json>> = {}
  for (const entry of listCalls()) {
    const at = openApiPath(entry.def.path)
    paths[at] = { ...paths[at], [entry.def.method.toLowerCase()]: operation(entry) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Storefront API',
      version,
      description:
        'Every call the storefront, its build and provider screens make. Generated from src/contract.',
    },
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  }
}
