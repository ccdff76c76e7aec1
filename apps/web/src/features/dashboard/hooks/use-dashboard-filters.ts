/** The dashboard's filters, kept in the address (a link or a bookmark shows the same figures): from, to, animal, area, period. */
import { useSearchParams } from 'react-router';

export interface DashboardFilters {
  from?: string;
  to?: string;
  animal?: string;
  area?: string;
  period: 'week' | 'month';
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function useDashboardFilters() {
  const [params, setParams] = useSearchParams();
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : undefined;
  };
  const filters: DashboardFilters = {
    from: day('from'),
    to: day('to'),
    animal: params.get('animal') || undefined,
    area: params.get('area') || undefined,
    period: params.get('period') === 'week' ? 'week' : 'month',
  };
  const change = (next: Partial<DashboardFilters>) => {
    const merged = { ...filters, ...next };
    // The address's other parameters (a shared link's `lang`) stay.
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(merged)) {
      if (value && !(key === 'period' && value === 'month')) search.set(key, value);
      else search.delete(key);
    }
    setParams(search, { replace: true });
  };
  return { filters, change };
}

/** The filters as the API's query string; the period only for the trend. */
export function apiQuery(f: DashboardFilters, withPeriod = false): string {
  const q = new URLSearchParams();
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  if (f.animal) q.set('animal', f.animal);
  if (f.area) q.set('area', f.area);
  if (withPeriod) q.set('period', f.period);
  return q.toString();
}
