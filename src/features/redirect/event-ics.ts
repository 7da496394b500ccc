// An event page's calendar file (RFC 5545): one VEVENT, times in UTC, text escaped and lines
// folded at 75 octets. Small enough that a library would cost more than it saves
// (docs/decisions.md D82).
import type { EventContent } from '../codes/index.js';
import { eventEnd } from './page-types.render.js';

/** 20270630T170000Z: RFC 5545 DATE-TIME in UTC. */
const utc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
const text = (s: string) => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

/** Content lines longer than 75 octets fold with CRLF and a space, never inside a UTF-8 character (3.1). */
export function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (octets + n > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function eventIcs(c: EventContent, uid: string, nowMs: number): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//qrs//hosted event page//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${utc(nowMs)}`,
    `DTSTART:${utc(Date.parse(c.starts_at))}`,
    `DTEND:${utc(eventEnd(c))}`,
    `SUMMARY:${text(c.title)}`,
    ...(c.description ? [`DESCRIPTION:${text(c.description)}`] : []),
    ...(c.location ? [`LOCATION:${text(c.location)}`] : []),
    ...(c.url ? [`URL:${c.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
