// What the closing summary of `npm test` says of failed tests, read from Vitest's and
// Playwright's JSON reports.
import path from 'node:path';

/** Each failed test: where (file › name) and its error message. */
export function failedTests(root, vitest, playwright) {
  return [...vitestFailures(root, vitest), ...playwrightFailures(root, playwright)];
}

function vitestFailures(root, report) {
  return (report?.testResults ?? []).flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults.filter((t) => t.status === 'failed');
    // A file that failed before any test ran (an import, a hook) says so in its own message.
    if (tests.length === 0) return file.status === 'failed' ? [{ where, message: file.message ?? '' }] : [];
    return tests.map((t) => ({ where: `${where} › ${t.fullName}`, message: t.failureMessages.join('\n') }));
  });
}

function playwrightFailures(root, report) {
  // Each spec with the titles of the groups (test.describe) it is in; a file's own suite is named for the file.
  const specs = (suite, titles = []) => [
    ...(suite.specs ?? []).map((spec) => ({ ...spec, title: [...titles, spec.title].join(' › ') })),
    ...(suite.suites ?? []).flatMap((inner) => specs(inner, [...titles, inner.title])),
  ];
  const relative = (file) => path.relative(root, path.resolve(report.config.rootDir, file));
  return (report?.suites ?? []).flatMap((file) => specs(file)).flatMap((spec) =>
    spec.tests
      .filter((t) => t.status === 'unexpected')
      .map((t) => {
        const errors = t.results.at(-1)?.errors ?? [];
        // Where it stopped: the line of the assertion or step that failed.
        const at = errors.find((e) => e.location)?.location;
        const stopped = at ? ` (stopped at ${relative(at.file)}:${at.line})` : '';
        return { where: `${relative(spec.file)}:${spec.line} › ${spec.title}${stopped}`, message: errors.map((e) => e.message).join('\n') };
      }),
  );
}

/** A failure's first lines, without the terminal's colours. */
export function firstLines(message, count = 8) {
  const lines = message.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const shown = lines.slice(0, count).map((line) => `    ${line}`);
  if (lines.length > count) shown.push(`    … (${lines.length - count} more lines in the log above)`);
  return shown.join('\n');
}
