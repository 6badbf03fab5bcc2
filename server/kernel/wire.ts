import type * as z from 'zod/mini'

/** What goes on the wire is the schema's input: the client parses it into the output type. */
export type Wire<S> = S extends z.ZodMiniType ? z.input<S> : never
