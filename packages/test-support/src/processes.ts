/**
 * The processes a test started, found by a marker in their environment (Linux's /proc), which
 * every child inherits: what stopping `npm start` or `npm run dev` left running, in whatever
 * process group or session, reparented or not.
 */
import fs from 'node:fs';

/** A fresh `NAME=value` for a test's child processes' environment. */
export function processMarker(name: string): [string, string] {
  return [name, `${process.pid}-${Math.random().toString(36).slice(2)}`];
}

/** The processes (pid and executable) whose environment holds `name=value`, this one left out. */
export function processesWith([name, value]: [string, string]): { pid: number; exe: string }[] {
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(`${name}=${value}`)) {
        found.push({ pid: Number(entry), exe: fs.readlinkSync(`/proc/${entry}/exe`) });
      }
    } catch {
      // gone meanwhile, or a zombie
    }
  }
  return found;
}
