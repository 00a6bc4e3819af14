/**
 * What volunteers are sent, through the mail queue: the confirmation of a sign-up (the
 * shifts, a calendar file, the manage link), the reminder 48 hours before a shift, and a
 * note when staff add, move or remove them.
 */
import { foldLine, icsEscape } from "../events/index.ts";
import { siteOrigin } from "../../lib/config.server.ts";
import { queueMail } from "../../mail/mailer.server.ts";
import { formatLongDate, formatTime } from "../../components/site/format.ts";
import { shiftEnd, shiftStart, type ShiftTimes } from "./shifts.ts";

const CHARITY_NAME = "Millbrook Community Foundation";

export interface MailShift extends ShiftTimes {
  id: number;
  title: string;
  location: string;
}

export function managePath(token: string): string {
  return `/volunteer/manage/${token}`;
}

function shiftLine(shift: MailShift): string {
  return `${shift.title}: ${formatLongDate(shift.date)}, ${formatTime(shift.start_time)} to ${formatTime(shift.end_time)}, ${shift.location}`;
}

const utcStamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** One calendar file with every shift (times in UTC, so no time zone block is needed). */
function shiftsIcs(shifts: MailShift[], origin: string, now: Date = new Date()): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Millbrook Community Foundation//Volunteering//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  for (const shift of shifts) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:volunteer-shift-${shift.id}@millbrookfoundation.org.uk`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART:${utcStamp(shiftStart(shift))}`,
      `DTEND:${utcStamp(shiftEnd(shift))}`,
      `SUMMARY:${icsEscape(`Volunteering: ${shift.title}`)}`,
      `LOCATION:${icsEscape(shift.location)}`,
      `URL:${origin}/volunteer`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

export async function sendSignupConfirmation(to: { name: string; email: string }, shifts: MailShift[], token: string, addedByStaff = false): Promise<void> {
  const origin = siteOrigin().replace(/\/+$/, "");
  const text = [
    `Hello ${to.name},`,
    "",
    addedByStaff ? "We have put you down to volunteer on these shifts:" : "Thank you for signing up to volunteer. Your shifts:",
    "",
    ...shifts.map((s) => `- ${shiftLine(s)}`),
    "",
    "A calendar file with your shifts is attached. We will remind you 48 hours before each shift.",
    "",
    "See or cancel your shifts (keep this link to yourself):",
    `${origin}${managePath(token)}`,
    "",
    "Thank you,",
    CHARITY_NAME,
  ].join("\n");
  await queueMail({
    to: to.email,
    subject: shifts.length === 1 ? `Your volunteering shift: ${shifts[0].title}` : `Your ${shifts.length} volunteering shifts`,
    text,
    attachments: [{ filename: "volunteering.ics", content: shiftsIcs(shifts, origin), contentType: "text/calendar; charset=utf-8" }],
  });
}

export async function sendShiftReminder(to: { name: string; email: string }, shift: MailShift): Promise<void> {
  await queueMail({
    to: to.email,
    subject: `Reminder: volunteering on ${formatLongDate(shift.date)}`,
    text: [`Hello ${to.name},`, "", "A reminder of your volunteering shift:", "", shiftLine(shift), "", "If you can no longer come, please use the link in your confirmation email to cancel, so someone else can take the place.", "", "Thank you,", CHARITY_NAME].join("\n"),
  });
}

export async function sendShiftChange(to: { name: string; email: string }, change: { kind: "moved"; from: MailShift; to: MailShift } | { kind: "removed"; from: MailShift }): Promise<void> {
  const lines =
    change.kind === "moved"
      ? ["We have moved your volunteering shift.", "", `Was: ${shiftLine(change.from)}`, `Now: ${shiftLine(change.to)}`]
      : ["We have taken you off this volunteering shift:", "", shiftLine(change.from)];
  await queueMail({
    to: to.email,
    subject: change.kind === "moved" ? "Your volunteering shift has moved" : "Your volunteering shift has changed",
    text: [`Hello ${to.name},`, "", ...lines, "", "If this is not what you expected, please reply to this email.", "", "Thank you,", CHARITY_NAME].join("\n"),
  });
}
