/** What other screens compose from the live sessions feature (route files only: features never import each other). */
export { SubjectSessions } from "./components/SubjectSessions";
