/** The awards' History: the round (one, "current") and each winner; a restore goes through the form's checks (a photo stays as it is now). */
import type { HistorySubjectOf } from "../../domain/revisions/history-subject.server.ts";
import { throughForm } from "../../domain/revisions/history-subject.server.ts";
import { AWARD_ROUND_FORM_FIELDS, AWARD_WINNER_FORM_FIELDS, AwardRoundFormSchema, AwardWinnerFormSchema } from "./awards.schema.ts";
import { awardRoundRevisionData, awardWinnerRevisionData, getAwardRound, getWinner, saveAwardRound, updateWinner } from "./awards.server.ts";

export const historySubjects: { "award-round": HistorySubjectOf; "award-winner": HistorySubjectOf } = {
  "award-round": async (id) => {
    if (id !== "current") return null;
    return {
      name: "Awards round",
      editPath: "/admin/awards",
      current: awardRoundRevisionData(await getAwardRound()),
      labels: {
        nominations_open: "Nominations open",
        nominations_close: "Nominations close",
        ceremony_date: "Ceremony date",
        ceremony_time: "Ceremony time",
        venue: "Venue",
        categories: "Categories",
      },
      restore: (data, actor) => throughForm(AwardRoundFormSchema, AWARD_ROUND_FORM_FIELDS, data, (input) => saveAwardRound(input, actor).then(() => true)),
    };
  },
  "award-winner": async (_id, numeric) => {
    const row = await getWinner(numeric);
    if (!row) return null;
    return {
      name: row.name,
      editPath: `/admin/awards/winners/edit/${row.id}`,
      current: awardWinnerRevisionData(row),
      labels: { year: "Year", category: "Category", name: "Name", achievement: "Achievement", image: "Photo" },
      restore: (data, actor) => throughForm(AwardWinnerFormSchema, AWARD_WINNER_FORM_FIELDS, data, (input) => updateWinner(row.id, input, actor)),
    };
  },
};
