import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import {
  DeleteUserQuery,
  IdParams,
  UpdateOwnProfileBody,
  UpdateUserBody,
  UserListQuery,
  UserListResponse,
  UserResponse,
} from '@causeway/core/contracts/people.contract';
import { AVATAR_TOO_LARGE } from '@causeway/core/users/avatar';
import type { UserService } from '@causeway/core/users/user.service';
import { requireActor } from '../http/actor';
import type { ErrorBody } from '../http/errors';
import { defineRoute } from '../http/route';

export interface UserRoutesOptions {
  users: UserService;
  registry: OpenAPIRegistry;
}

const AVATAR_PATH = '/api/users/me/avatar';

/** Signed-out callers are turned away before their upload is read. */
const signedInFirst: RequestHandler = (_req, res, next) => {
  requireActor(res);
  next();
};

/** A body over the avatar limit is refused with the avatar's own message, naming the field. */
const avatarTooLarge: ErrorRequestHandler = (error: { type?: string }, _req, res, next) => {
  if (error.type !== 'entity.too.large') return next(error);
  const body: ErrorBody = {
    error: { code: 'too_large', message: AVATAR_TOO_LARGE, fields: { avatar: AVATAR_TOO_LARGE } },
  };
  res.status(413).json(body);
};

export function userRoutes({ users, registry }: UserRoutesOptions): Router {
  const router = Router();
  const signedIn = { 401: ErrorResponse, 403: ErrorResponse };

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/users',
    tag: 'Users',
    summary: 'List users, newest first',
    description:
      'Platform staff see every organization; an organization admin only their own (the default when no ' +
      '`organizationId` is given). Soft-deleted users only with `includeDeleted=true`. Paged: `limit` (50 ' +
      'unless said) and the `cursor` the previous page answered as `nextCursor`.',
    query: UserListQuery,
    responses: { 200: UserListResponse, ...signedIn },
    async handler({ query, res }) {
      const list = await users.list(requireActor(res), {
        ...(query.organizationId === undefined ? {} : { organizationId: query.organizationId }),
        ...(query.accountType === undefined ? {} : { accountType: query.accountType }),
        includeDeleted: query.includeDeleted === 'true',
        ...(query.limit === undefined ? {} : { limit: query.limit }),
        ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
      });
      return { users: list.items, nextCursor: list.nextCursor };
    },
  });

  // The /me routes are declared before /{id}, so "me" is never taken for an id.
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/users/me',
    tag: 'Users',
    summary: 'Your own profile',
    responses: { 200: UserResponse, 401: ErrorResponse },
    async handler({ res }) {
      const actor = requireActor(res);
      return { user: await users.get(actor, actor.uid) };
    },
  });

  defineRoute(router, registry, {
    method: 'patch',
    path: '/api/users/me',
    tag: 'Users',
    summary: 'Change your own name, title or description',
    body: UpdateOwnProfileBody,
    responses: { 200: UserResponse, 401: ErrorResponse },
    async handler({ body, res }) {
      return { user: await users.updateOwnProfile(requireActor(res), body) };
    },
  });

  router.put(AVATAR_PATH, signedInFirst, express.raw({ type: 'image/*', limit: '2mb' }), avatarTooLarge);
  defineRoute(router, registry, {
    method: 'put',
    path: AVATAR_PATH,
    tag: 'Users',
    summary: 'Upload your avatar',
    description:
      'Send the picture itself as the request body with its `Content-Type`: `image/png`, `image/jpeg`, ' +
      '`image/gif` or `image/webp`, at most 2 MB, from 32 × 32 to 4096 × 4096 pixels. Answers the profile ' +
      'with the new `avatar` address.',
    responses: { 200: UserResponse, 401: ErrorResponse, 413: ErrorResponse },
    async handler({ req, res }) {
      const actor = requireActor(res);
      const content = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array(0);
      return { user: await users.setOwnAvatar(actor, content, req.get('content-type')) };
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/users/{id}',
    tag: 'Users',
    summary: 'One user',
    description: 'Yourself, or, for admins, someone they manage.',
    params: IdParams,
    responses: { 200: UserResponse, ...signedIn, 404: ErrorResponse },
    async handler({ params, res }) {
      return { user: await users.get(requireActor(res), params.id) };
    },
  });

  defineRoute(router, registry, {
    method: 'patch',
    path: '/api/users/{id}',
    tag: 'Users',
    summary: "Change a user's profile or roles",
    description:
      'Only the given fields change. Granting or removing `admin` needs admin rights over the user; ' +
      '`superUser` only a super user. A demo account is never an admin: marking a user as demo removes ' +
      'admin, and `admin: true` on a demo account is refused. `isDeleted: false` restores a deleted user; ' +
      'a new `Email` is also the new sign-in e-mail.',
    params: IdParams,
    body: UpdateUserBody,
    responses: { 200: UserResponse, ...signedIn, 404: ErrorResponse, 409: ErrorResponse },
    async handler({ params, body, res }) {
      return { user: await users.update(requireActor(res), params.id, body) };
    },
  });

  defineRoute(router, registry, {
    method: 'delete',
    path: '/api/users/{id}',
    tag: 'Users',
    summary: 'Delete a user',
    description:
      'Marks the user deleted (restorable) and ends their sessions. With `hard=true` (platform staff only) ' +
      'the profile is copied to deleted users and removed with its sign-in, so the e-mail can be invited ' +
      'again. Nobody deletes themselves.',
    params: IdParams,
    query: DeleteUserQuery,
    responses: { 204: null, ...signedIn, 404: ErrorResponse },
    async handler({ params, query, res }) {
      const actor = requireActor(res);
      if (query.hard === 'true') await users.hardDelete(actor, params.id);
      else await users.softDelete(actor, params.id);
      return undefined;
    },
  });

  return router;
}
