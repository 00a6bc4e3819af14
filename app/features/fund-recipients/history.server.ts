/** The Community Fund recipients' History: a restore goes through the recipient form's checks. */
import { throughForm, type HistorySubjectOf } from "../../domain/revisions/history-subject.server.ts";
import { penceAsPounds } from "../../lib/money.ts";
import { FUND_RECIPIENT_FORM_FIELDS, FundRecipientFormSchema } from "./fund-recipients.schema.ts";
import { fundRecipientRevisionData, getFundRecipient, updateFundRecipient } from "./fund-recipients.server.ts";

const whole = (value: unknown) => (typeof value === "number" && Number.isSafeInteger(value) ? value : 0);

export const historySubjects: { "fund-recipient": HistorySubjectOf } = {
  "fund-recipient": async (_id, numeric) => {
    const row = await getFundRecipient(numeric);
    if (!row) return null;
    return {
      name: row.name,
      editPath: `/admin/fund-recipients/edit/${row.id}`,
      current: fundRecipientRevisionData(row),
      labels: { year: "Year", name: "Name", purpose: "What the grant is for", amount_pence: "Amount", status: "Status", is_visible: "Shown on the website" },
      restore: (data, actor) =>
        throughForm(FundRecipientFormSchema, FUND_RECIPIENT_FORM_FIELDS, data, (input) => updateFundRecipient(row.id, input, actor), {
          amount: penceAsPounds(whole(data.amount_pence)),
        }),
    };
  },
};
