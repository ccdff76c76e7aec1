/**
 * The dashboard's views (issue 37): the filters made whole (default range, days in the city's
 * time zone, a known area), then each view counted by the repository once per change to alerts
 * (caches/dashboard-cache.ts). The staff's views place alerts by their exact point and include
 * response times; the public's place them by their public point (a sensitive species on its
 * grid) and never include response times.
 */
import type { DashboardQuery, DashboardView } from '@wildalert/shared';
import { DASHBOARD_MAX_DAYS } from '@wildalert/shared';
import type { DashboardCache } from '../caches/dashboard-cache.ts';
import type { DashboardFilter, DashboardRepository, Placement } from '../repositories/dashboard-repository.ts';

/** A filter that cannot be counted (400): `field` is the query parameter to blame. */
export class BadFilterError extends Error {
  constructor(
    readonly field: 'from' | 'to' | 'area',
    message: string,
  ) {
    super(message);
  }
}

export type Audience = 'staff' | 'public';

/** Today's date in `timeZone`, YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The first day of the month 11 months before `day`'s: with `day`'s own, twelve months. */
function twelveMonthsBefore(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 - 11, 1));
  return first.toISOString().slice(0, 10);
}

const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

export function dashboardService({ repository, cache, timeZone }: { repository: DashboardRepository; cache: DashboardCache; timeZone: string }) {
  let areaNames: Promise<Set<string>> | undefined;
  const knownAreas = () => (areaNames ??= repository.areaNames().then((names) => new Set(names)));

  async function filterOf(query: DashboardQuery): Promise<DashboardFilter> {
    const to = query.to ?? todayIn(timeZone);
    const from = query.from ?? twelveMonthsBefore(to);
    if (from > to) throw new BadFilterError('from', `from (${from}) is after to (${to}).`);
    if (days(from, to) > DASHBOARD_MAX_DAYS) throw new BadFilterError('to', `The range holds ${days(from, to)} days; at most ${DASHBOARD_MAX_DAYS} are counted at once.`);
    if (query.area !== undefined && !(await knownAreas()).has(query.area)) {
      throw new BadFilterError('area', `There is no area ${JSON.stringify(query.area)}: the names are those of GET …/dashboard/areas/shapes.`);
    }
    const animals = query.animal && query.animal.length > 0 ? [...new Set(query.animal)].sort() : undefined;
    return { from, to, animals, area: query.area };
  }

  return {
    /** One view's figures and the range they count. Throws BadFilterError. */
    async view(view: DashboardView, query: DashboardQuery, audience: Audience): Promise<object> {
      const filter = await filterOf(query);
      const placement: Placement = audience === 'staff' ? 'location' : 'public_location';
      const period = query.period ?? 'month';
      const key = JSON.stringify([view, audience, filter.from, filter.to, filter.animals ?? null, filter.area ?? null, view === 'trend' ? period : null]);
      const range = { from: filter.from, to: filter.to, timeZone };
      return cache.get(key, async () => {
        switch (view) {
          case 'trend':
            return { range, period, ...(await repository.trend(filter, period, placement)) };
          case 'areas':
            return { range, ...(await repository.areas(filter, placement)) };
          case 'hours':
            return { range, ...(await repository.hours(filter, placement)) };
          case 'behaviours':
            return { range, ...(await repository.behaviours(filter, placement)) };
          case 'verification':
            return { range, ...(await repository.verification(filter, placement)) };
          case 'response':
            if (audience !== 'staff') throw new Error('Response times are the staff\'s only.');
            return { range, ...(await repository.response(filter)) };
        }
      });
    },
  };
}

export type DashboardService = ReturnType<typeof dashboardService>;
