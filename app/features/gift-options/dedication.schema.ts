/**
 * The dedication part of the donation form, checked on the server: a gift in memory or in
 * honour of a named person, an optional message and, optionally, someone to tell (their
 * name and email) with or without the amount.
 */
import { z } from "zod";
import { isPlainName } from "../../lib/plain-text.ts";
import { DEDICATION_KINDS, DEDICATION_MESSAGE_MAX, HONOREE_MAX, type DedicationKind } from "./dedication.ts";

export interface Dedication {
  kind: DedicationKind;
  honoreeName: string;
  message: string;
  notify: { name: string; email: string; showAmount: boolean } | null;
}

type Values = Partial<Record<"dedicate" | "dedicationKind" | "honoreeName" | "dedicationMessage" | "notifyName" | "notifyEmail" | "notifyShowAmount", string>>;
type Errors = Partial<Record<"dedicationKind" | "honoreeName" | "dedicationMessage" | "notifyName" | "notifyEmail", string>>;

const EMAIL = z.string().max(254).pipe(z.email());

/** The dedication, or null when the box is not ticked; problems go into `errors`. */
export function parseDedication(values: Values, errors: Errors): Dedication | null {
  if (values.dedicate !== "on") return null;
  const kind = values.dedicationKind ?? "";
  if (!(DEDICATION_KINDS as readonly string[]).includes(kind)) errors.dedicationKind = "Choose in memory of or in honour of";
  const honoreeName = (values.honoreeName ?? "").trim();
  if (honoreeName === "") errors.honoreeName = "Enter the name of the person the gift is for";
  else if (honoreeName.length > HONOREE_MAX) errors.honoreeName = `Their name must be at most ${HONOREE_MAX} characters`;
  else if (!isPlainName(honoreeName)) errors.honoreeName = "Enter just their name, on one line";
  const message = (values.dedicationMessage ?? "").trim().replace(/\r\n/g, "\n");
  if (message.length > DEDICATION_MESSAGE_MAX) errors.dedicationMessage = `The message must be at most ${DEDICATION_MESSAGE_MAX} characters`;
  // It may be mailed to someone else: plain words, no links.
  else if (!message.split("\n").every((line) => isPlainName(line))) errors.dedicationMessage = "Write the message without links or web addresses";

  const notifyEmail = (values.notifyEmail ?? "").trim();
  const notifyName = (values.notifyName ?? "").trim();
  let notify: Dedication["notify"] = null;
  if (notifyEmail !== "" || notifyName !== "") {
    if (notifyName === "") errors.notifyName = "Enter the name of the person to tell";
    else if (notifyName.length > HONOREE_MAX || !isPlainName(notifyName)) errors.notifyName = `Enter just their name, on one line, at most ${HONOREE_MAX} characters`;
    if (!EMAIL.safeParse(notifyEmail).success) errors.notifyEmail = "Enter their email address like name@example.org";
    notify = { name: notifyName, email: notifyEmail.toLowerCase(), showAmount: values.notifyShowAmount === "on" };
  }
  return { kind: kind as DedicationKind, honoreeName, message, notify };
}
