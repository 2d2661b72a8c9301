import type { z } from 'zod';
import type { WorkstationErrorCode, WorkstationResult } from './types';

/** A handler as the services write it: a schema for its arguments and the work itself. */
export type HandlerDefinition<Fn> = Fn extends (args: infer Args) => Promise<infer Result>
  ? { args: z.ZodType<Args>; run: (args: Args) => Promise<Result> | Result }
  : never;

/** A failure a handler means to report (its code and message reach the renderer as they are). */
export class HandlerFailure extends Error {
  constructor(
    readonly code: WorkstationErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HandlerFailure';
  }
}

export type HandlerDefinitions<Map> = { [Name in keyof Map]: HandlerDefinition<Map[Name]> };

type AnyDefinition = { args: z.ZodType; run: (args: never) => unknown };

/**
 * Runs one handler on untrusted input: the arguments come from the renderer (over IPC) or from
 * an HTTP body (over the bridge), so they are parsed before the service sees them, and failures
 * come back as an envelope instead of crossing the process boundary as a thrown error.
 */
export async function runHandlerDefinition(
  definition: AnyDefinition,
  args: unknown,
  describeName: string,
): Promise<WorkstationResult<unknown>> {
  const parsed = definition.args.safeParse(args ?? {});
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.length > 0 ? issue.path.join('.') : '_';
      (errors[field] ??= []).push(issue.message);
    }
    return { status: 0, code: 'VALIDATION_FAILED', message: `Invalid arguments for ${describeName}`, errors };
  }
  try {
    const data = await (definition.run as (args: unknown) => unknown)(parsed.data);
    return { status: 1, message: '', data };
  } catch (error) {
    if (error instanceof HandlerFailure) return { status: 0, code: error.code, message: error.message };
    // The renderer gets a generic answer; the detail stays in the main-process log.
    console.error(`workstation handler ${describeName} failed`, error);
    return { status: 0, code: 'INTERNAL_ERROR', message: `${describeName} failed` };
  }
}
