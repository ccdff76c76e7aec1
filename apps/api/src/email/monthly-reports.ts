/**
 * The monthly report by e-mail (issue 37), in every API instance: from 06:00 on the 1st (the
 * city's time) each instance queues last month's send for every organisation that asks for it
 * (one row per organisation and month: the first insert wins, whichever instance makes it),
 * claims due sends with FOR UPDATE SKIP LOCKED and mails each address the dashboard's own figures
 * for the month, through the same relay as the residents' alerts. An address the relay cannot
 * take for now is tried again later; the row keeps who has the report, so nobody gets it twice.
 */
import { BASE_PATH, isAnimalKey, type Language } from '@wildalert/shared';
import { translate } from '../i18n/language.ts';
import { DeliveryLoop, type DeliveryLog } from '../lib/delivery-loop.ts';
import type { ClaimedReport, MonthlyReportsRepository } from '../repositories/monthly-reports-repository.ts';
import type { ResponseRow } from '../repositories/dashboard-repository.ts';
import type { DashboardService } from '../services/dashboard-service.ts';
import type { Mailer } from './mailer.ts';
import type { MailContent } from './messages.ts';

/** How often an instance looks whether a month's reports are due or a retry's time came. */
const POLL_MS = 60_000;
/** The hour of the 1st (the city's time) from which last month's reports go. */
const SEND_FROM_HOUR = 6;
/** The areas a report names. */
const TOP_AREAS = 5;
const CLAIM_BATCH = 5;
/** Attempts before the addresses not reached are given up (about a day of back-off). */
const MAX_ATTEMPTS = 10;
const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

/** The city's calendar date and hour of `now`. */
function localParts(now: Date, timeZone: string): { year: number; month: number; day: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') };
}

/**
 * The month whose reports are due at `now` (its first day, YYYY-MM-DD): last month, from 06:00
 * on the 1st (the city's time); nothing before that hour on the 1st.
 */
function dueMonth(now: Date, timeZone: string): string | undefined {
  const { year, month, day, hour } = localParts(now, timeZone);
  if (day === 1 && hour < SEND_FROM_HOUR) return undefined;
  return new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 10);
}

/** The month's last day, YYYY-MM-DD. */
const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** The figures of one month, as the dashboard counts them (staff's view: exact points, response times). */
interface ReportFigures {
  month: string;
  total: number;
  lastYearTotal: number;
  animals: Array<{ animal: string; count: number; lastYear: number }>;
  areas: Array<{ area: string; count: number }>;
  behaviours: Array<{ behaviour: string | null; count: number }>;
  response: ResponseRow | undefined;
}

async function reportFigures(dashboard: DashboardService, organisationId: string, month: string): Promise<ReportFigures> {
  const query = { from: month, to: lastDay(month), period: 'month' as const };
  const [trend, areas, behaviours, response] = (await Promise.all([
    dashboard.view('trend', query, 'staff'),
    dashboard.view('areas', query, 'staff'),
    dashboard.view('behaviours', query, 'staff'),
    dashboard.view('response', query, 'staff'),
  ])) as [
    { series: Array<{ animal: string; counts: number[]; lastYear: number[] }> },
    { data: Array<{ area: string; count: number }> },
    { data: Array<{ behaviour: string | null; count: number }> },
    { data: ResponseRow[] },
  ];
  const animals = trend.series.map((s) => ({ animal: s.animal, count: s.counts[0] ?? 0, lastYear: s.lastYear[0] ?? 0 }));
  return {
    month,
    total: animals.reduce((n, a) => n + a.count, 0),
    lastYearTotal: animals.reduce((n, a) => n + a.lastYear, 0),
    animals,
    areas: areas.data.filter((a) => a.count > 0).slice(0, TOP_AREAS),
    behaviours: behaviours.data,
    response: response.data.find((r) => r.organisationId === organisationId),
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A median in minutes under an hour, else hours; "none" without one. */
function duration(seconds: number | null, language: Language): string {
  if (seconds === null) return translate(language, 'report.none');
  const minutes = seconds / 60;
  const unit = minutes < 60 ? { unit: 'minute', value: minutes } : { unit: 'hour', value: minutes / 60 };
  return new Intl.NumberFormat(language, { style: 'unit', unit: unit.unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(unit.value);
}

/** The report's mail in `language`: text and HTML with the same sections. */
function reportMail(publicUrl: string, figures: ReportFigures, organisation: ClaimedReport['name'], language: Language): MailContent {
  const t = (key: Parameters<typeof translate>[1], values?: Record<string, unknown>) => translate(language, key, values);
  const number = new Intl.NumberFormat(language);
  const [y, m] = figures.month.split('-').map(Number) as [number, number];
  const monthName = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
  const name = organisation[language] ?? organisation.pl;
  const link = `${publicUrl.replace(/\/+$/, '')}${BASE_PATH}staff/dashboard?from=${figures.month}&to=${lastDay(figures.month)}&lang=${language}`;
  const animalName = (animal: string, count: number) => t(`push.animal.${isAnimalKey(animal) ? animal : 'other'}`, { count });
  const behaviourName = (b: string | null) => (b === null ? t('report.behaviourUnknown') : t('sheet.behaviour', { behaviour: b.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) }));

  const sections: Array<{ heading: string; lines: string[] }> = [
    {
      heading: t('report.total', { count: number.format(figures.total), lastYear: number.format(figures.lastYearTotal) }),
      lines: [],
    },
    {
      heading: t('report.animals'),
      lines: figures.animals.map((a) => t('report.animal', { animals: animalName(a.animal, a.count), lastYear: number.format(a.lastYear) })),
    },
    { heading: t('report.areas'), lines: figures.areas.map((a) => `${a.area}: ${number.format(a.count)}`) },
    { heading: t('report.behaviours'), lines: figures.behaviours.map((b) => `${behaviourName(b.behaviour)}: ${number.format(b.count)}`) },
  ];
  const r = figures.response;
  if (r) {
    sections.push({
      heading: t('report.response', { organisation: name }),
      lines: [
        t('report.entries', { count: number.format(r.entries) }),
        t('report.acknowledged', { count: number.format(r.acknowledged), median: duration(r.acknowledgedMedianSeconds, language) }),
        t('report.resolved', { count: number.format(r.resolved), median: duration(r.resolvedMedianSeconds, language) }),
      ],
    });
  }
  for (const s of sections) if (s.lines.length === 0 && s !== sections[0]) s.lines.push(t('report.none'));

  const intro = t('report.intro', { month: monthName });
  const footer = t('report.footer', { organisation: name });
  const linkLine = t('report.link', { link });
  const text = [
    intro,
    ...sections.map((s) => [s.heading, ...s.lines.map((l) => `  - ${l}`)].join('\n')),
    linkLine,
    `-- \n${footer}`,
  ].join('\n\n');
  const html = [
    `<!doctype html><html lang="${language}"><body>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...sections.map((s) => `<h2>${escapeHtml(s.heading)}</h2>${s.lines.length > 0 ? `<ul>${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : ''}`),
    `<p>${escapeHtml(t('report.link', { link: '' }).trim())} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<hr><p><small>${escapeHtml(footer)}</small></p>`,
    '</body></html>',
  ].join('\n');
  return {
    subject: t('report.subject', { month: monthName, organisation: name }),
    text: `${text}\n`,
    html,
    headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': language },
  };
}

export interface MonthlyReportsOptions {
  publicUrl: string;
  timeZone: string;
  /** The clock: the time the 1st's 06:00 is compared with (tests bring their own). */
  now: () => Date;
}

export class MonthlyReports extends DeliveryLoop {
  constructor(
    private readonly repo: MonthlyReportsRepository,
    private readonly dashboard: DashboardService,
    private readonly mailer: Mailer,
    private readonly options: MonthlyReportsOptions,
    log: DeliveryLog,
  ) {
    super('monthly reports', POLL_MS, log);
  }

  protected async pass(): Promise<void> {
    const now = this.options.now();
    const month = dueMonth(now, this.options.timeZone);
    if (month) await this.repo.queueMonth(month, now);
    while (!this.stopped) {
      const reports = await this.repo.claimDue(now, CLAIM_BATCH);
      if (reports.length === 0) return;
      for (const report of reports) this.track(this.deliver(report).catch((err: unknown) => this.log.warn({ err }, 'monthly report failed')));
    }
  }

  /** Mails one organisation's report to each address that has not had it; never rejects for the relay's sake. */
  private async deliver(report: ClaimedReport): Promise<void> {
    const figures = await reportFigures(this.dashboard, report.organisationId, report.month);
    const content = reportMail(this.options.publicUrl, figures, report.name, report.language);
    let retry = false;
    for (const address of report.addresses) {
      const outcome = await this.mailer.send(address, content);
      if (outcome.kind === 'sent') await this.repo.sentTo(report, address);
      else if (outcome.kind === 'retry') retry = true;
      else this.log.warn({ outcome }, 'monthly report refused by the relay for an address; given up');
    }
    if (retry && report.attempts < MAX_ATTEMPTS) {
      return this.repo.postpone(report, new Date(this.options.now().getTime() + retryDelayMs(report.attempts)));
    }
    return this.repo.done(report, this.options.now());
  }
}
