// @adobe/structured-data-validator ships no types: the part of its API
// tests/support/structured-data.ts uses (docs/decisions/060-structured-data.md).
declare module '@adobe/structured-data-validator' {
  export interface ValidationIssue {
    issueMessage: string
    severity: 'ERROR' | 'WARNING'
    path?: { type?: string; property?: string; index?: number }[]
    fieldNames?: string[]
    errorType?: string
    rootType?: string
    dataFormat?: string
    source?: string
  }

  /** What @marbec/web-auto-extractor produces: root items by type, per format. */
  export interface ExtractedData {
    jsonld: Record<string, Record<string, unknown>[]>
    microdata: Record<string, Record<string, unknown>[]>
    rdfa: Record<string, Record<string, unknown>[]>
    errors: { format: string; message: string; source?: string }[]
  }

  type HandlerModule = Promise<{ default: new (config: HandlerConfig) => TypeHandler }>
  export interface HandlerConfig {
    dataFormat: string
    path: { type?: string; property?: string; index?: number }[]
    type: string
  }
  export interface TypeHandler {
    validate(data: Record<string, unknown>): ValidationIssue[] | Promise<ValidationIssue[]>
  }

  export default class Validator {
    constructor(schemaOrgJson?: unknown)
    debug: boolean
    registeredHandlers: Record<string, (() => HandlerModule)[]>
    validate(data: ExtractedData): Promise<ValidationIssue[]>
  }
}

declare module '@adobe/structured-data-validator/src/types/base.js' {
  import type {
    HandlerConfig,
    TypeHandler,
    ValidationIssue,
  } from '@adobe/structured-data-validator'

  type Condition = (data: Record<string, unknown>) => ValidationIssue | ValidationIssue[] | null

  export default class BaseValidator implements TypeHandler {
    constructor(config: HandlerConfig)
    path: HandlerConfig['path']
    getConditions(data: Record<string, unknown>): Condition[]
    validate(data: Record<string, unknown>): ValidationIssue[]
    required(name: string, type?: string, ...opts: unknown[]): Condition
    recommended(name: string, type?: string, ...opts: unknown[]): Condition
    or(...conditions: Condition[]): Condition
  }
}
