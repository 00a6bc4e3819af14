/** What other concepts use of appeals (server side): the offline gifts' sample data writes an appeal and its updates. */
export { postAppealUpdate, saveAppeal } from "./appeals.server.ts";
