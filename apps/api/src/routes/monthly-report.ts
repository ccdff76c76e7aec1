/**
 * An organisation's monthly report by e-mail (issue 37): GET …/monthly-report for its members and
 * admins, PUT for admins (who keep organisations): the addresses and the language, or off.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { fieldError, MonthlyReportSettingSchema, type MonthlyReportSetting } from '@wildalert/shared';
import { HttpProblem, PROBLEM_TYPES, problemResponses } from '../http/problem.ts';
import { checkAccess } from '../services/organisations-service.ts';
import { STAFF_SECURITY } from '../staff/staff-member.ts';
import { checkId, organisationProblem } from './organisations.ts';

const IdParams = Type.Object({ id: Type.String({ description: 'The organisation (UUID)' }) });

const DESCRIPTION = [
  "On the 1st of each month from 06:00 (the city's time, TIME_ZONE), last month's report goes to each address, once: the dashboard's",
  'figures for the month (alerts in all and per animal beside the same month a year earlier, the areas with the most, behaviours,',
  "this organisation's median times to acknowledge and to resolve) and a link to the dashboard's print layout for the month.",
  'Sent only when the server has an SMTP relay (SMTP_URL).',
].join('\n');

const monthlyReport: FastifyPluginAsyncTypebox = async (app) => {
  const anyStaff = app.requireStaff('responder');
  const adminOnly = app.requireStaff('admin');
  const repository = app.monthlyReports.repository;

  const current = async (id: string): Promise<MonthlyReportSetting> => {
    const setting = await repository.setting(id);
    return setting ? { enabled: true, ...setting } : { enabled: false, addresses: [], language: 'pl' };
  };

  app.get(
    '/staff/organisations/:id/monthly-report',
    {
      schema: {
        tags: ['organisations'],
        operationId: 'getMonthlyReport',
        summary: "The organisation's monthly report by e-mail (its members and admins)",
        description: DESCRIPTION,
        security: STAFF_SECURITY,
        params: IdParams,
        response: { 200: MonthlyReportSettingSchema, ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      const { id } = request.params;
      checkId(id);
      await checkAccess(app.organisations, request.staffMember!, id).catch((error: unknown) => organisationProblem(error, id));
      reply.header('cache-control', 'no-store');
      return current(id);
    },
  );

  app.put(
    '/staff/organisations/:id/monthly-report',
    {
      schema: {
        tags: ['organisations'],
        operationId: 'setMonthlyReport',
        summary: "Ask for the organisation's monthly report by e-mail, change it or stop it (admin)",
        description: `${DESCRIPTION}\n\`enabled: false\` stops it (the addresses are forgotten).`,
        security: STAFF_SECURITY,
        params: IdParams,
        body: MonthlyReportSettingSchema,
        response: { 200: MonthlyReportSettingSchema, ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: adminOnly,
    },
    async (request) => {
      const { id } = request.params;
      checkId(id);
      const { enabled, addresses, language } = request.body;
      // The same address twice (in any case) is one recipient.
      const unique = [...new Map(addresses.map((a) => [a.toLowerCase(), a] as const)).values()];
      if (enabled && unique.length === 0) {
        throw new HttpProblem({
          status: 400,
          type: PROBLEM_TYPES.validation,
          detail: 'The report needs at least one address to go to; to stop it, send enabled: false.',
          errors: { addresses: [fieldError({ code: 'required' })] },
        });
      }
      await checkAccess(app.organisations, request.staffMember!, id).catch((error: unknown) => organisationProblem(error, id));
      await repository.setSetting(id, enabled ? { addresses: unique, language } : undefined);
      return current(id);
    },
  );
};

export default fp(monthlyReport, {
  name: 'wildalert-monthly-report-routes',
  dependencies: ['wildalert-errors', 'wildalert-monthly-reports', 'wildalert-repositories', 'wildalert-staff-auth', 'wildalert-docs'],
  encapsulate: true,
});
