/**
 * iCalendar (RFC 5545) files for "Add to calendar". Event times are Millbrook (UK)
 * local times, so they are written with TZID=Europe/London and its time zone rules.
 */
export interface CalendarEvent {
  id: number;
  title: string;
  date: string; // yyyy-MM-dd
  time: string; // HH:mm
  description: string;
  location: string;
  url: string;
  /** When it ends (HH:mm, the same day); without it, three hours after the start. */
  endTime?: string | null;
}

/** Escapes text values: backslash, semicolon, comma and newlines. */
export function icsEscape(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Folds lines longer than 75 octets, as the format requires. */
export function foldLine(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const charSize = new TextEncoder().encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + charSize > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += charSize;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function localStamp(date: string, time: string, addHours = 0): string {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = (/^\d{1,2}:\d{2}/.test(time) ? time : "19:00").split(":").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d, hh + addHours, mm));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}T${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}00`;
}

export function eventToIcs(event: CalendarEvent, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Millbrook Community Foundation//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VTIMEZONE",
    "TZID:Europe/London",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:+0000",
    "TZOFFSETTO:+0100",
    "TZNAME:BST",
    "DTSTART:19700329T010000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0000",
    "TZNAME:GMT",
    "DTSTART:19701025T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VEVENT",
    `UID:event-${event.id}@millbrookfoundation.org.uk`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=Europe/London:${localStamp(event.date, event.time)}`,
    `DTEND;TZID=Europe/London:${event.endTime && /^\d{2}:\d{2}$/.test(event.endTime) && event.endTime > event.time ? localStamp(event.date, event.endTime) : localStamp(event.date, event.time, 3)}`,
    `SUMMARY:${icsEscape(event.title)}`,
    `DESCRIPTION:${icsEscape(`${event.description}\n\n${event.url}`)}`,
    `LOCATION:${icsEscape(event.location)}`,
    `URL:${event.url}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
