/** The volunteer roles' list another feature's page renders (safe in the browser): /support shows it. */
export { VolunteerRolesList } from "./roles-list.tsx";
