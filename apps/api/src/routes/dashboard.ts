/**
 * The city's dashboard (issue 37): GET /staff/dashboard/{view} for staff of any role, and, when
 * DASHBOARD_PUBLIC is on, GET /Dashboard/{view} for everyone, without response times (how fast
 * the city's services answered is the staff's to read and publish). The areas' shapes for the
 * choropleth at …/areas/shapes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import type { TSchema } from 'typebox';
import {
  AreaShapesSchema,
  AreasResponseSchema,
  BehavioursResponseSchema,
  DASHBOARD_MAX_DAYS,
  DashboardQuerySchema,
  fieldError,
  HoursResponseSchema,
  ResponseTimesSchema,
  TrendResponseSchema,
  VerificationCountsSchema,
  type DashboardView,
} from '@wildalert/shared';
import { HttpProblem, PROBLEM_TYPES, problemResponses } from '../http/problem.ts';
import type { AreaFeature } from '../repositories/areas-file.ts';
import { BadFilterError, type Audience } from '../services/dashboard-service.ts';
import { STAFF_SECURITY } from '../staff/staff-member.ts';

/** A minute: the public's counts may lag a new alert that long in an HTTP cache. */
const PUBLIC_CACHE_CONTROL = 'public, max-age=60';

const VIEWS: Record<DashboardView, { schema: TSchema; summary: string }> = {
  trend: { schema: TrendResponseSchema, summary: 'Alerts per week or month and animal, beside the same period a year earlier' },
  areas: { schema: AreasResponseSchema, summary: 'Alerts per area (AREAS_FILE), the most first' },
  hours: { schema: HoursResponseSchema, summary: "Alerts by weekday and hour of the day, in the city's time zone" },
  behaviours: { schema: BehavioursResponseSchema, summary: 'Alerts by what the animals were doing' },
  verification: { schema: VerificationCountsSchema, summary: 'Alerts by verification level, every level listed' },
  response: { schema: ResponseTimesSchema, summary: "Each organisation's median time to acknowledge and to resolve its alerts" },
};

const FILTERS = [
  `Filters: \`from\` and \`to\` (days in the city's time zone, inclusive; by default the last twelve months, this one included; at most ${DASHBOARD_MAX_DAYS} days),`,
  '`animal` (repeat for several), `area` (a name of …/areas/shapes). Hidden alerts are never counted. An alert on a border',
  "between two areas counts in the one listed first in the areas file. Weeks start on Monday; days, weeks and hours are the city's (TIME_ZONE),",
  'so across a daylight-saving change an hour is the clock\'s.',
].join('\n');

const dashboard: FastifyPluginAsyncTypebox<{ publicDashboard: boolean; areas: readonly AreaFeature[] }> = async (app, { publicDashboard, areas }) => {
  const anyStaff = app.requireStaff('responder');
  const service = app.services.dashboard;
  const shapes = { type: 'FeatureCollection' as const, features: [...areas] };

  const badFilter = (error: unknown): never => {
    if (error instanceof BadFilterError) {
      throw new HttpProblem({ status: 400, detail: error.message, type: PROBLEM_TYPES.validation, errors: { [error.field]: [fieldError({ code: 'invalid' })] } });
    }
    throw error;
  };

  const routes = (prefix: string, audience: Audience, views: readonly DashboardView[]) => {
    const staff = audience === 'staff';
    const guard = staff ? { onRequest: anyStaff } : {};
    const security = staff ? { security: STAFF_SECURITY } : {};
    for (const view of views) {
      app.get(
        `${prefix}/${view}`,
        {
          schema: {
            tags: ['dashboard'],
            operationId: `${staff ? 'staffDashboard' : 'publicDashboard'}${view[0]!.toUpperCase()}${view.slice(1)}`,
            summary: `${VIEWS[view].summary}${staff ? ' (staff)' : ''}`,
            description: staff
              ? `${FILTERS}\nAreas place an alert by its exact point.`
              : `${FILTERS}\nAreas place an alert by its public point (a sensitive species at its grid cell's centre), as every public read does.`,
            ...security,
            querystring: DashboardQuerySchema,
            response: { 200: VIEWS[view].schema, ...problemResponses(...(staff ? [400, 401, 403] : [400])) },
          },
          config: { queryBudget: true },
          ...guard,
        },
        async (request, reply) => {
          reply.header('cache-control', staff ? 'private, no-store' : PUBLIC_CACHE_CONTROL);
          return service.view(view, request.query, audience).catch(badFilter);
        },
      );
    }
    app.get(
      `${prefix}/areas/shapes`,
      {
        schema: {
          tags: ['dashboard'],
          operationId: `${staff ? 'staffDashboard' : 'publicDashboard'}AreaShapes`,
          summary: "The dashboard's areas as GeoJSON (AREAS_FILE), for a map",
          ...security,
          response: { 200: AreaShapesSchema, ...problemResponses(...(staff ? [401, 403] : [])) },
        },
        ...guard,
      },
      async (_request, reply) => {
        // They change only with a restart on another file.
        reply.header('cache-control', staff ? 'private, max-age=3600' : 'public, max-age=3600');
        return shapes;
      },
    );
  };

  routes('/staff/dashboard', 'staff', ['trend', 'areas', 'hours', 'behaviours', 'verification', 'response']);
  if (publicDashboard) routes('/Dashboard', 'public', ['trend', 'areas', 'hours', 'behaviours', 'verification']);
};

export default fp(dashboard, {
  name: 'wildalert-dashboard-routes',
  dependencies: ['wildalert-errors', 'wildalert-services', 'wildalert-staff-auth', 'wildalert-query-budget', 'wildalert-docs'],
  encapsulate: true,
});
