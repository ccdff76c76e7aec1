/**
 * The organisations' monthly report by e-mail (email/monthly-reports.ts): the settings'
 * repository always; when SMTP_URL is set, the job, started with the app in every instance.
 */
import fp from 'fastify-plugin';
import { MonthlyReports } from '../email/monthly-reports.ts';
import { monthlyReportsRepository, type MonthlyReportsRepository } from '../repositories/monthly-reports-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    monthlyReports: {
      repository: MonthlyReportsRepository;
      /** Undefined: no SMTP relay configured, so no report is sent. */
      job: MonthlyReports | undefined;
    };
  }
}

export default fp<{ timeZone: string; now: () => Date }>(
  async (app, { timeZone, now }) => {
    const repository = monthlyReportsRepository(app.db);
    const { mailer, config } = app.email;
    if (!mailer || !config) {
      app.decorate('monthlyReports', { repository, job: undefined });
      return;
    }
    const job = new MonthlyReports(repository, app.services.dashboard, mailer, { publicUrl: config.publicUrl, timeZone, now }, app.log);
    app.decorate('monthlyReports', { repository, job });
    app.addHook('onReady', () => {
      job.start();
    });
    // The relay closes at onClose, after the sends under way.
    app.addHook('preClose', () => job.stop());
  },
  { name: 'wildalert-monthly-reports', dependencies: ['wildalert-db', 'wildalert-email', 'wildalert-services'] },
);
