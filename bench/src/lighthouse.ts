/**
 * Lighthouse (its default mobile preset: a mid-range phone, simulated slow 4G and a 4× slower
 * CPU) against a running server, in Debian's Chromium started by chrome-launcher. Each run
 * gets a fresh profile: a first visit, nothing cached.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  /** Bytes the page transferred (compressed, as sent), by Lighthouse's count. */
  transferredBytes: number;
  /** The audits that did not pass, for a note saying what held a score back. */
  failed: string[];
  /** Lighthouse's measure of the host's CPU (a typical desktop: 1,000–2,000); lower when busy. */
  benchmarkIndex: number;
  /** How many times slower the run played the CPU (the preset's 4×), read from the report. */
  cpuSlowdown: number;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/**
 * The CPU slowdown Lighthouse's calibration asks for on a host of this benchmark index, so that
 * its simulated phone is the same on every host: "Calibrating the CPU slowdown" in its
 * documentation (github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md) and its
 * maintainers' calculator (lighthouse-cpu-throttling-calculator.vercel.app). 1× at 150, 2× at
 * 800, 3× at 1,300, then 1× more for every 233 points. The preset always slows the CPU 4×, which
 * is that phone only on a host of about 1,530; on a faster host the preset's phone is faster, and
 * its scores higher.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** Lighthouse's own "run Lighthouse again" errors: its trace of the load came out incomplete. */
const TRACE_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED']);

/** One run, tried again (up to twice) when Lighthouse's trace of the load came out incomplete. */
export async function runLighthouse(url: string): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url);
    } catch (error) {
      if (!(error instanceof TraceError) || attempt === 3) throw error;
      console.log(`  Lighthouse: ${error.message}; again`);
    }
  }
}

class TraceError extends Error {}

async function runLighthouseOnce(url: string): Promise<LighthouseFigures> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    userDataDir: profile,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      const message = `Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`;
      throw TRACE_ERRORS.has(runtimeError.code) ? new TraceError(message) : new Error(message);
    }
    const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const failed = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    return {
      performance: score(categories.performance?.score),
      accessibility: score(categories.accessibility?.score),
      bestPractices: score(categories['best-practices']?.score),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      fcpMs: numeric('first-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      transferredBytes: numeric('total-byte-weight'),
      failed,
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      cpuSlowdown: result.lhr.configSettings.throttling.cpuSlowdownMultiplier ?? Number.NaN,
    };
  } finally {
    chrome.kill();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
