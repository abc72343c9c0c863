import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import { InputError } from './errors';
import { findUnsafeInput, unsafeInputError } from './input-text';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteDefinition<
  Body extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Params extends z.ZodObject | undefined,
> {
  method: Method;
  /** OpenAPI style: /api/pre-campaigns/{id} */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  body?: Body;
  query?: Query;
  params?: Params;
  /** Status → response schema (null for an empty body). Error statuses get the error schema. */
  responses: Record<number, z.ZodType | null>;
  handler: (input: {
    body: Body extends z.ZodType ? z.infer<Body> : undefined;
    query: Query extends z.ZodType ? z.infer<Query> : undefined;
    params: Params extends z.ZodType ? z.infer<Params> : undefined;
    req: Request;
    res: Response;
  }) => Promise<unknown>;
}

/** Parses one part of a request as every route does: a bad field is a 400 naming it (for routes not made with `defineRoute`). */
export const parseInput = <S extends z.ZodType>(schema: S, value: unknown, part: 'body' | 'query' | 'params') => {
  // Before the contract: text no store can keep (NUL, lone surrogates) or absurd nesting is refused
  // here for every route, named like any other bad field.
  const unsafe = findUnsafeInput(value);
  if (unsafe) throw new InputError(part, unsafeInputError(unsafe));
  const result = schema.safeParse(value);
  if (!result.success) throw new InputError(part, result.error);
  return result.data;
};

/**
 * Declares one JSON route: its input is parsed with the shared zod contract (a bad field gets a 400
 * naming it), its handler's result is sent as JSON (undefined → 204), and it is listed in the
 * OpenAPI document from the same schemas.
 */
export function defineRoute<
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodObject | undefined = undefined,
>(router: Router, registry: OpenAPIRegistry, definition: RouteDefinition<Body, Query, Params>): void {
  const expressPath = definition.path.replace(/\{(\w+)\}/g, ':$1');
  const responses: RouteConfig['responses'] = {};
  for (const [status, schema] of Object.entries(definition.responses)) {
    const code = Number(status);
    const description = code < 300 ? 'Success' : 'Error';
    responses[code] = schema ? { description, content: { 'application/json': { schema } } } : { description };
  }
  responses[400] ??= { description: 'Invalid input', content: { 'application/json': { schema: ErrorResponse } } };
  registry.registerPath({
    method: definition.method,
    path: definition.path,
    tags: [definition.tag],
    summary: definition.summary,
    ...(definition.description ? { description: definition.description } : {}),
    request: {
      ...(definition.body ? { body: { content: { 'application/json': { schema: definition.body } } } } : {}),
      ...(definition.query ? { query: definition.query as unknown as z.ZodObject } : {}),
      ...(definition.params ? { params: definition.params } : {}),
    },
    responses,
  });
  router[definition.method](expressPath, async (req, res) => {
    const input = {
      body: (definition.body ? parseInput(definition.body, req.body ?? {}, 'body') : undefined) as never,
      query: (definition.query ? parseInput(definition.query, req.query, 'query') : undefined) as never,
      params: (definition.params ? parseInput(definition.params, req.params, 'params') : undefined) as never,
      req,
      res,
    };
    const result = await definition.handler(input);
    if (res.headersSent) return;
    if (result === undefined) res.status(204).end();
    else res.json(result);
  });
}
