/**
 * The city's dashboard (issue 37): reports by period and animal beside a year earlier, by area
 * (a choropleth and a ranked table), by hour × weekday, by behaviour, by verification level, and (staff) how fast each
 * organisation answered. Every chart has its table beside it and a CSV download; the filters
 * live in the address; the page prints as the month's report.
 */
import { useCallback, useMemo, type ReactNode } from 'react';
import * as Plot from '@observablehq/plot';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ANIMALS, type VerificationLevel } from '@wildalert/shared';
import { animalNameOf, language, t, useLanguage } from '../../../i18n/i18n.ts';
import { visuallyHidden } from '../../../components/visually-hidden.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAreaShapes, useDashboardView, type Audience } from '../api/get-dashboard.ts';
import { apiQuery, useDashboardFilters, type DashboardFilters } from '../hooks/use-dashboard-filters.ts';
import { downloadCsv } from './csv.ts';
import { Figure } from './figure.tsx';
import { AreasMap, SHADES } from './map/areas-map.tsx';
import './dashboard.css';

type Rows = Array<Array<string | number | null>>;

const number = (n: number) => new Intl.NumberFormat(language()).format(n);
const percent = (n: number) => new Intl.NumberFormat(language(), { style: 'percent', maximumFractionDigits: 1 }).format(n);
/** A day of the API (YYYY-MM-DD) as a date at noon UTC: the same calendar day in every time zone a browser may be in. */
const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
const periodLabel = (iso: string, period: 'week' | 'month') =>
  new Intl.DateTimeFormat(language(), period === 'month' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(day(iso));
/** Monday first, as the API counts: 2024-01-01 was a Monday. */
const weekdays = () => Array.from({ length: 7 }, (_, i) => new Intl.DateTimeFormat(language(), { weekday: 'short', timeZone: 'UTC' }).format(day(`2024-01-0${i + 1}`)));
function duration(seconds: number | null): string {
  if (seconds === null) return t('dashboard.response.none');
  const unit = (value: number, u: 'minute' | 'hour' | 'day') => new Intl.NumberFormat(language(), { style: 'unit', unit: u, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
  if (seconds < 2 * 3600) return unit(Math.round(seconds / 60), 'minute');
  if (seconds < 2 * 86_400) return unit(seconds / 3600, 'hour');
  return unit(seconds / 86_400, 'day');
}
/** Counts are whole: an axis marks whole numbers only, in the visitor's language. */
const wholeTicks = (d: number) => (Number.isInteger(d) ? number(d) : '');
/** The level's name as the moderators' screen says it (its messages load with the dashboard's). */
const levelName = (level: VerificationLevel) => t(`moderation.trust.level.${level}`);
const behaviourName = (b: string | null) => (b === null ? t('dashboard.behaviours.notSaid') : t(`sighting.behaviour.${b}` as Parameters<typeof t>[0]));

export function DashboardScreen({ audience }: { audience: Audience }) {
  useLanguage(); // drawn again in another language
  useDocumentTitle(t('dashboard.title'));
  const { filters, change } = useDashboardFilters();
  const shapes = useAreaShapes(audience);
  // The range the server counted (its defaults when the address has none), shown in the date fields.
  const range = useDashboardView(audience, 'trend', apiQuery(filters, true)).data?.range;
  return (
    <Box className="wa-dashboard" sx={{ maxWidth: 1200, mx: 'auto', px: 2, pt: 1, pb: 4 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1, mb: 1 }}>
        <Typography variant="h5" component="h1">
          {t('dashboard.title')}
        </Typography>
        <Button variant="outlined" className="wa-no-print" onClick={() => window.print()} sx={{ minHeight: 44 }}>
          {t('dashboard.print')}
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('dashboard.intro', { staff: audience === 'staff' })}
      </Typography>
      <FilterBar filters={filters} range={range} change={change} areas={shapes.data?.features.map((f) => f.properties.name) ?? []} />
      <Trend audience={audience} filters={filters} />
      <Areas audience={audience} filters={filters} shapes={shapes.data?.features} />
      <Hours audience={audience} filters={filters} />
      <Behaviours audience={audience} filters={filters} />
      <Verification audience={audience} filters={filters} />
      {audience === 'staff' && <Response filters={filters} />}
    </Box>
  );
}

function FilterBar({ filters, range, change, areas }: { filters: DashboardFilters; range: { from: string; to: string } | undefined; change(next: Partial<DashboardFilters>): void; areas: string[] }) {
  const animals = useMemo(() => ANIMALS.map((a) => ({ key: a.key, name: animalNameOf(a.key) })).sort((a, b) => a.name.localeCompare(b.name, language())), []);
  return (
    <Box component="form" role="search" aria-label={t('dashboard.filters')} className="wa-dashboard-filters" onSubmit={(e) => e.preventDefault()}>
      <TextField type="date" label={t('dashboard.from')} value={filters.from ?? range?.from ?? ''} onChange={(e) => change({ from: e.target.value || undefined })} slotProps={{ inputLabel: { shrink: true } }} size="small" />
      <TextField type="date" label={t('dashboard.to')} value={filters.to ?? range?.to ?? ''} onChange={(e) => change({ to: e.target.value || undefined })} slotProps={{ inputLabel: { shrink: true } }} size="small" />
      <TextField select label={t('dashboard.animal')} value={filters.animal ?? ''} onChange={(e) => change({ animal: e.target.value || undefined })} size="small">
        <MenuItem value="">{t('dashboard.allAnimals')}</MenuItem>
        {animals.map((a) => (
          <MenuItem key={a.key} value={a.key}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={t('dashboard.area')} value={areas.includes(filters.area ?? '') ? filters.area : ''} onChange={(e) => change({ area: e.target.value || undefined })} size="small">
        <MenuItem value="">{t('dashboard.allAreas')}</MenuItem>
        {areas.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

/** A section: its title, what it means, then its chart and table side by side (stacked on a phone), and its CSV. */
function Section({ id, title, intro, actions, children }: { id: string; title: string; intro: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} className="wa-dashboard-section" id={id}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h6" component="h2" id={`${id}-title`}>
          {title}
        </Typography>
        {actions}
      </Box>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
        {intro}
      </Typography>
      {children}
    </Box>
  );
}

/** Counting…, a failure with its retry, nothing to show, or the figures (the last ones stay while new ones are counted). */
interface ViewQuery<T> {
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  data: T | undefined;
  refetch(): unknown;
}

function ViewState<T>({ query, isEmpty, children }: { query: ViewQuery<T>; isEmpty(data: T): boolean; children(data: T): ReactNode }) {
  if (query.isPending)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 120 }}>
        <CircularProgress size={20} aria-hidden /> {t('dashboard.loading')}
      </Box>
    );
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void query.refetch()} sx={{ minHeight: 44 }}>
            {t('dashboard.retry')}
          </Button>
        }
      >
        {query.error instanceof ApiError && query.error.status === 400 ? t('dashboard.badFilter') : t('dashboard.failed')}
      </Alert>
    );
  if (query.data === undefined) return null;
  if (isEmpty(query.data)) return <Typography sx={{ minHeight: 44 }}>{t('dashboard.empty')}</Typography>;
  return <Box sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>{children(query.data)}</Box>;
}

function CsvButton({ name, rows }: { name: string; rows: () => Rows }) {
  return (
    <Button size="small" className="wa-no-print" onClick={() => downloadCsv(name, rows())} sx={{ minHeight: 44 }}>
      {t('dashboard.csv')}
    </Button>
  );
}

/** A table of figures, its first column the row's heading; scrolls within itself when wider than the page. */
function DataTable({ title, head, rows }: { title: string; head: string[]; rows: Rows }) {
  return (
    <div className="wa-dashboard-table" role="region" aria-label={t('dashboard.table', { title })} tabIndex={0}>
      <table>
        <caption style={visuallyHidden}>{title}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, ...rest], i) => (
            <tr key={i}>
              <th scope="row">{first}</th>
              {rest.map((cell, j) => (
                <td key={j}>{typeof cell === 'number' ? number(cell) : cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const csvName = (view: string, f: { range: { from: string; to: string } }) => `wildalert-${view}-${f.range.from}-${f.range.to}.csv`;
/** The most reported animals drawn (a chart of thirteen lines reads as none); the table and the CSV keep them all. */
const DRAWN_ANIMALS = 5;

function Trend({ audience, filters }: { audience: Audience; filters: DashboardFilters }) {
  const query = useDashboardView(audience, 'trend', apiQuery(filters, true));
  const title = t('dashboard.trend.title');
  const data = query.data;
  const table = useCallback((): { head: string[]; rows: Rows } => {
    if (!data) return { head: [], rows: [] };
    const head = [t('dashboard.trend.period'), ...data.series.flatMap((s) => [animalNameOf(s.animal), t('dashboard.trend.lastYear', { animal: animalNameOf(s.animal) })])];
    return { head, rows: data.periods.map((p, i) => [periodLabel(p, data.period), ...data.series.flatMap((s) => [s.counts[i]!, s.lastYear[i]!])]) };
  }, [data]);
  const draw = useCallback(
    (width: number) => {
      const points = (data?.series.slice(0, DRAWN_ANIMALS) ?? []).flatMap((s) =>
        data!.periods.flatMap((p, i) => [
          { date: day(p), count: s.counts[i]!, animal: animalNameOf(s.animal), year: 'now' },
          { date: day(p), count: s.lastYear[i]!, animal: animalNameOf(s.animal), year: 'before' },
        ]),
      );
      return Plot.plot({
        width,
        height: 260,
        marginLeft: 40,
        y: { grid: true, label: null, tickFormat: wholeTicks },
        x: { label: null, type: 'utc', tickFormat: (d: Date) => new Intl.DateTimeFormat(language(), { month: 'short', timeZone: 'UTC' }).format(d) },
        color: { legend: true, scheme: 'dark2' },
        marks: [
          Plot.lineY(points.filter((d) => d.year === 'before'), { x: 'date', y: 'count', stroke: 'animal', strokeDasharray: '4,3', strokeOpacity: 0.6 }),
          Plot.lineY(points.filter((d) => d.year === 'now'), { x: 'date', y: 'count', stroke: 'animal', strokeWidth: 2 }),
          Plot.ruleY([0]),
        ],
      });
    },
    [data],
  );
  const filtersChange = useDashboardFilters().change;
  return (
    <Section
      id="trend"
      title={title}
      intro={t('dashboard.trend.intro')}
      actions={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <ToggleButtonGroup exclusive size="small" value={filters.period} onChange={(_, v: 'week' | 'month' | null) => v && filtersChange({ period: v })} aria-label={t('dashboard.period')} className="wa-no-print">
            <ToggleButton value="week" sx={{ minHeight: 44 }}>
              {t('dashboard.period.week')}
            </ToggleButton>
            <ToggleButton value="month" sx={{ minHeight: 44 }}>
              {t('dashboard.period.month')}
            </ToggleButton>
          </ToggleButtonGroup>
          {data && <CsvButton name={csvName('trend', data)} rows={() => [table().head, ...table().rows]} />}
        </Box>
      }
    >
      <ViewState query={query} isEmpty={(d) => d.series.length === 0}>
        {() => (
          <div className="wa-dashboard-pair">
            <Figure title={title} draw={draw} height={300} />
            <DataTable title={title} {...table()} />
          </div>
        )}
      </ViewState>
    </Section>
  );
}

function Areas({ audience, filters, shapes }: { audience: Audience; filters: DashboardFilters; shapes: Parameters<typeof AreasMap>[0]['shapes'] | undefined }) {
  const query = useDashboardView(audience, 'areas', apiQuery(filters));
  const title = t('dashboard.areas.title');
  const data = query.data;
  const counts = useMemo(() => new Map(data?.data.map((a) => [a.area, a.count]) ?? []), [data]);
  const rows = (): Rows => {
    if (!data) return [];
    const total = data.data.reduce((n, a) => n + a.count, 0) + data.outside;
    return [...data.data.map((a) => [a.area, a.count, total ? percent(a.count / total) : '']), [t('dashboard.areas.outside'), data.outside, total ? percent(data.outside / total) : '']];
  };
  const head = [t('dashboard.areas.area'), t('dashboard.count'), t('dashboard.areas.share')];
  return (
    <Section id="areas" title={title} intro={t('dashboard.areas.intro')} actions={data && <CsvButton name={csvName('areas', data)} rows={() => [head, ...rows()]} />}>
      <ViewState query={query} isEmpty={(d) => d.outside + d.data.reduce((n, a) => n + a.count, 0) === 0}>
        {() => (
          <div className="wa-dashboard-pair">
            <div>
              <div className="wa-dashboard-map">{shapes && <AreasMap shapes={shapes} counts={counts} label={t('dashboard.areas.map')} />}</div>
              <div className="wa-dashboard-legend" aria-hidden>
                {SHADES.map((s) => (
                  <span key={s} style={{ background: s }} />
                ))}
              </div>
            </div>
            <DataTable title={title} head={head} rows={rows()} />
          </div>
        )}
      </ViewState>
    </Section>
  );
}

function Hours({ audience, filters }: { audience: Audience; filters: DashboardFilters }) {
  const query = useDashboardView(audience, 'hours', apiQuery(filters));
  const title = t('dashboard.hours.title');
  const data = query.data;
  const draw = useCallback(
    (width: number) => {
      const names = weekdays();
      const cells = (data?.counts ?? []).flatMap((row, d) => row.map((count, hour) => ({ day: names[d]!, hour, count })));
      return Plot.plot({
        width,
        height: 240,
        marginLeft: 48,
        padding: 0.05,
        x: { label: null, ticks: width < 500 ? [0, 6, 12, 18] : undefined },
        y: { label: null, domain: names },
        color: { scheme: 'ylorbr', legend: true, label: t('dashboard.count') },
        marks: [Plot.cell(cells, { x: 'hour', y: 'day', fill: 'count', inset: 0.5 })],
      });
    },
    [data],
  );
  const head = [t('dashboard.hours.weekday'), ...Array.from({ length: 24 }, (_, h) => String(h))];
  const rows = (): Rows => weekdays().map((name, d) => [name, ...(data?.counts[d] ?? [])]);
  return (
    <Section id="hours" title={title} intro={t('dashboard.hours.intro')} actions={data && <CsvButton name={csvName('hours', data)} rows={() => [head, ...rows()]} />}>
      <ViewState query={query} isEmpty={(d) => d.counts.flat().every((n) => n === 0)}>
        {() => (
          <div className="wa-dashboard-stack">
            <Figure title={title} draw={draw} height={280} />
            <DataTable title={title} head={head} rows={rows()} />
          </div>
        )}
      </ViewState>
    </Section>
  );
}

// Module-level: the same functions each render, so a chart is drawn again only when its data changes.
const behaviourLabel = (b: { behaviour: string | null; count: number }) => behaviourName(b.behaviour);
const levelLabel = (l: { level: VerificationLevel; count: number }) => levelName(l.level);

function Behaviours({ audience, filters }: { audience: Audience; filters: DashboardFilters }) {
  const query = useDashboardView(audience, 'behaviours', apiQuery(filters));
  // Sorted by count in the chart; the table keeps the API's order (the most first).
  return <CountBars view="behaviours" query={query} label={behaviourLabel} isEmpty={(d) => d.data.length === 0} />;
}

function Verification({ audience, filters }: { audience: Audience; filters: DashboardFilters }) {
  const query = useDashboardView(audience, 'verification', apiQuery(filters));
  // The levels in their order, from the least trusted: every one, none at 0 included.
  return <CountBars view="verification" query={query} label={levelLabel} keepOrder isEmpty={(d) => d.data.every((l) => l.count === 0)} />;
}

/**
 * A view of labelled counts (behaviours, verification levels): bars, the table beside them and a
 * CSV. `keepOrder`: the bars in the answer's order, else the most first.
 */
function CountBars<T extends { count: number }>({
  view,
  query,
  label,
  keepOrder = false,
  isEmpty,
}: {
  view: 'behaviours' | 'verification';
  query: ViewQuery<{ data: T[]; range: { from: string; to: string } }>;
  label(item: T): string;
  keepOrder?: boolean;
  isEmpty(data: { data: T[] }): boolean;
}) {
  const title = t(`dashboard.${view}.title`);
  const data = query.data;
  const draw = useCallback(
    (width: number) => {
      const items = data?.data ?? [];
      return Plot.plot({
        width,
        height: 40 + 28 * items.length,
        // Room for the longest name ("przechodzi przez jezdnię"), at most half the width.
        marginLeft: Math.min(width / 2, 12 + 6.5 * Math.max(0, ...items.map((d) => label(d).length))),
        x: { grid: true, label: null, tickFormat: wholeTicks },
        y: { label: null, ...(keepOrder ? { domain: items.map(label) } : {}) },
        marks: [Plot.barX(items, { x: 'count', y: label, fill: '#d95f0e', ...(keepOrder ? {} : { sort: { y: '-x' } }) }), Plot.ruleX([0])],
      });
    },
    [data, label, keepOrder],
  );
  const head = [t(view === 'behaviours' ? 'dashboard.behaviours.behaviour' : 'dashboard.verification.level'), t('dashboard.count')];
  const rows = (): Rows => data?.data.map((item) => [label(item), item.count]) ?? [];
  return (
    <Section id={view} title={title} intro={t(`dashboard.${view}.intro`)} actions={data && <CsvButton name={csvName(view, data)} rows={() => [head, ...rows()]} />}>
      <ViewState query={query} isEmpty={isEmpty}>
        {() => (
          <div className="wa-dashboard-pair">
            <Figure title={title} draw={draw} height={80} />
            <DataTable title={title} head={head} rows={rows()} />
          </div>
        )}
      </ViewState>
    </Section>
  );
}

function Response({ filters }: { filters: DashboardFilters }) {
  const query = useDashboardView('staff', 'response', apiQuery(filters));
  const title = t('dashboard.response.title');
  const data = query.data;
  const lang = language();
  const name = (n: { pl: string; en?: string; uk?: string }) => n[lang] ?? n.pl;
  const head = [
    t('dashboard.response.organisation'),
    t('dashboard.response.entries'),
    t('dashboard.response.acknowledged'),
    t('dashboard.response.acknowledgedMedian'),
    t('dashboard.response.resolved'),
    t('dashboard.response.resolvedMedian'),
  ];
  const rows = (): Rows => data?.data.map((o) => [name(o.name), o.entries, o.acknowledged, duration(o.acknowledgedMedianSeconds), o.resolved, duration(o.resolvedMedianSeconds)]) ?? [];
  // The CSV in seconds, for a spreadsheet to compute with.
  const csvRows = (): Rows => [head, ...(data?.data.map((o) => [name(o.name), o.entries, o.acknowledged, o.acknowledgedMedianSeconds, o.resolved, o.resolvedMedianSeconds]) ?? [])];
  const draw = useCallback(
    (width: number) => {
      // Only those that took a step: an organisation with no median has no bar to draw.
      const bars = (data?.data ?? []).filter((o) => o.acknowledged > 0).flatMap((o) => [
        { organisation: name(o.name), what: t('dashboard.response.acknowledgedMedian'), minutes: (o.acknowledgedMedianSeconds ?? 0) / 60 },
        { organisation: name(o.name), what: t('dashboard.response.resolvedMedian'), minutes: (o.resolvedMedianSeconds ?? 0) / 60 },
      ]);
      return Plot.plot({
        width,
        height: 50 + 44 * new Set(bars.map((b) => b.organisation)).size,
        marginLeft: Math.min(220, width / 3),
        x: { grid: true, label: 'min', domain: [0, Math.max(60, ...bars.map((b) => b.minutes))], tickFormat: (d: number) => number(d) },
        fy: { label: null },
        y: { axis: null },
        color: { legend: true, range: ['#fe9929', '#993404'] },
        marks: [Plot.barX(bars, { x: 'minutes', y: 'what', fy: 'organisation', fill: 'what' }), Plot.ruleX([0])],
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `name` reads the language, which `data`'s redraw follows
    [data, lang],
  );
  return (
    <Section id="response" title={title} intro={t('dashboard.response.intro')} actions={data && <CsvButton name={csvName('response', data)} rows={csvRows} />}>
      <ViewState query={query} isEmpty={(d) => d.data.every((o) => o.entries === 0)}>
        {() => (
          <div className="wa-dashboard-stack">
            <Figure title={title} draw={draw} height={100} />
            <DataTable title={title} head={head} rows={rows()} />
          </div>
        )}
      </ViewState>
    </Section>
  );
}
