import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_LOG_PAGE_SIZE } from '#shared/constants.ts';
import { auditPageSchema, auditQuerySchema } from '#shared/schemas/admin.ts';
import { errorResponses } from '../error-responses.ts';
import { noStore } from '../no-store.ts';

/** `GET /api/admin/audit?page=&target_id=`: the audit log, newest first. Administrators only. */
export const adminAuditRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      onRequest: noStore,
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema, ...errorResponses(401, 403) } },
    },
    async (request) => {
      await app.requireAdmin(request);
      const { page, target_id: targetId } = request.query;
      const result = await app.repos.auditLog.page({ page, pageSize: AUDIT_LOG_PAGE_SIZE, targetId });
      return { ...result, page, page_size: AUDIT_LOG_PAGE_SIZE };
    },
  );
};
