import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conflict, forbidden, notFound } from '@causeway/core/shared/errors';
import { errorHandler, InputError } from './errors';

let base: string;
let close: () => void;
const logged: unknown[] = [];

beforeAll(async () => {
  const app = express();
  app.use((req, _res, next) => {
    (req as unknown as { log: { error: (o: unknown) => void } }).log = { error: (entry) => logged.push(entry) };
    next();
  });
  app.get('/crash', () => {
    throw new Error('connection to db at 10.0.0.5 failed: password=hunter2');
  });
  app.get('/input', () => {
    const result = z.object({ name: z.string(), age: z.number().int() }).safeParse({ age: 1.5 });
    if (!result.success) throw new InputError('body', result.error);
  });
  app.get('/conflict', () => {
    throw conflict('This draft is Pending, it cannot move to Published.');
  });
  app.get('/forbidden', () => {
    throw forbidden();
  });
  app.get('/missing', () => {
    throw notFound('No such campaign.');
  });
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('the central error handler', () => {
  it('answers a 500 without internals and logs the error', async () => {
    const response = await fetch(`${base}/crash`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('10.0.0.5');
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again in a moment.' },
    });
    expect(logged).toHaveLength(1);
  });

  it('answers 400 naming each bad field', async () => {
    const body = await (await fetch(`${base}/input`)).json();
    expect(body.error.code).toBe('invalid_input');
    expect(Object.keys(body.error.fields).sort()).toEqual(['age', 'name']);
  });

  it.each([
    ['/conflict', 409, 'conflict'],
    ['/forbidden', 403, 'forbidden'],
    ['/missing', 404, 'not_found'],
  ])('maps the domain error of %s to %i', async (path, status, code) => {
    const response = await fetch(`${base}${path}`);
    expect(response.status).toBe(status);
    expect((await response.json()).error.code).toBe(code);
  });
});
