import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MEMBERS_PAGE_SIZE } from '#shared/constants.ts';
import {
  adminMemberPageSchema,
  adminMemberSchema,
  adminMembersQuerySchema,
  deleteMemberRequestSchema,
  memberParamsSchema,
  moderationRequestSchema,
  resetLinkRequestSchema,
  resetLinkSchema,
  restoreRequestSchema,
  roleRequestSchema,
  suspendRequestSchema,
} from '#shared/schemas/admin.ts';
import { learnerAccount, memberNotFound, notOnYourself } from '../account-errors.ts';
import { allowEmptyJsonBody } from '../empty-json-body.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';
import { noStore } from '../no-store.ts';
import { resetLinkUrl } from '../reset-link.ts';

/**
 * `/api/admin/members…`: the administration page's members (product §2 Admin). Administrators only:
 * 401 without a session, 403 for a member — checked against the database on every call. Every
 * change is audited in its own transaction; none may be done by an administrator to themselves
 * except moderation and reset links.
 */
export const adminMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  // Restoring and making a reset link take an optional body: an empty one is none.
  allowEmptyJsonBody(app);
  app.addHook('onRequest', noStore);

  /** A learner's account is its class's to manage: to these pages it is no member (404). */
  const ensureMember = async (id: string) => {
    if ((await repos.users.standing(id))?.role === 'learner') throw memberNotFound();
  };

  /** The member after an action, or 404 (deleted in the meantime). */
  const memberNow = async (id: string) => {
    const member = await repos.members.find(id);
    if (!member) throw memberNotFound();
    return member;
  };

  app.get(
    '/admin/members',
    {
      schema: {
        querystring: adminMembersQuerySchema,
        response: { 200: adminMemberPageSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await app.requireAdmin(request);
      const { q, page } = request.query;
      const result = await repos.members.page({ q: q || undefined, page, pageSize: ADMIN_MEMBERS_PAGE_SIZE });
      return { ...result, page, page_size: ADMIN_MEMBERS_PAGE_SIZE };
    },
  );

  app.post(
    '/admin/members/:id/moderation',
    {
      schema: {
        params: memberParamsSchema,
        body: moderationRequestSchema,
        response: { 200: adminMemberSchema, ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const admin = await app.requireAdmin(request);
      const { id } = request.params;
      await ensureMember(id);
      const { action, reason } = request.body;
      if (!(await repos.administration.moderate(admin.userId, id, action, reason))) throw memberNotFound();
      request.log.info({ adminId: admin.userId, memberId: id, action }, 'member moderated');
      return memberNow(id);
    },
  );

  app.put(
    '/admin/members/:id/suspension',
    {
      schema: {
        params: memberParamsSchema,
        body: suspendRequestSchema,
        response: { 200: adminMemberSchema, ...errorResponses(401, 403, 404, 409, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const admin = await app.requireAdmin(request);
      const { id } = request.params;
      await ensureMember(id);
      if (id === admin.userId) throw notOnYourself();
      if (!(await repos.administration.suspend(admin.userId, id, request.body.reason))) throw memberNotFound();
      request.log.info({ adminId: admin.userId, memberId: id }, 'member suspended');
      return memberNow(id);
    },
  );

  app.delete(
    '/admin/members/:id/suspension',
    {
      schema: {
        params: memberParamsSchema,
        body: restoreRequestSchema,
        response: { 200: adminMemberSchema, ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const admin = await app.requireAdmin(request);
      const { id } = request.params;
      await ensureMember(id);
      const reason = request.body?.reason ?? null;
      if (!(await repos.administration.restore(admin.userId, id, reason))) throw memberNotFound();
      request.log.info({ adminId: admin.userId, memberId: id }, 'member restored');
      return memberNow(id);
    },
  );

  app.put(
    '/admin/members/:id/role',
    {
      schema: {
        params: memberParamsSchema,
        body: roleRequestSchema,
        response: { 200: adminMemberSchema, ...errorResponses(401, 403, 404, 409, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const admin = await app.requireAdmin(request);
      const { id } = request.params;
      await ensureMember(id);
      const { role, reason } = request.body;
      if (id === admin.userId) throw notOnYourself();
      const changed = await repos.administration.setRole(admin.userId, id, role, reason);
      if (changed === 'learner') throw learnerAccount();
      if (!changed) throw memberNotFound();
      request.log.info({ adminId: admin.userId, memberId: id, role }, 'member role set');
      return memberNow(id);
    },
  );

  app.post(
    '/admin/members/:id/reset-links',
    {
      schema: {
        params: memberParamsSchema,
        body: resetLinkRequestSchema,
        response: { 201: resetLinkSchema, ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const admin = await app.requireAdmin(request);
      const { id } = request.params;
      await ensureMember(id);
      const link = await repos.administration.createResetLink(admin.userId, id, request.body?.reason ?? null);
      if (!link) throw memberNotFound();
      request.log.info({ adminId: admin.userId, memberId: id }, 'reset link created');
      // The token appears in this answer only: it is stored as a hash and never logged.
      return reply
        .code(201)
        .send({ url: resetLinkUrl(app.config.siteUrl, request, link.token), expires_at: link.expiresAt });
    },
  );

  app.delete(
    '/admin/members/:id',
    {
      schema: {
        params: memberParamsSchema,
        body: deleteMemberRequestSchema,
        response: { 204: z.undefined(), ...errorResponses(401, 403, 404, 409, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const admin = await app.requireAdmin(request);
      const { id } = request.params;
      await ensureMember(id);
      if (id === admin.userId) throw notOnYourself();
      const deleted = await repos.administration.deleteMember(admin.userId, id, request.body.reason, 'delete_member');
      if (!deleted) throw memberNotFound();
      request.log.info({ adminId: admin.userId, memberId: id }, 'member deleted');
      return reply.code(204).send();
    },
  );
};
