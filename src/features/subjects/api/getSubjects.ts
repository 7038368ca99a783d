/** `GET /student/subjects` lives in `src/lib/subjects.ts`: the home's progress widget reads the same query. */
export { subjectsQueryOptions } from "@/lib/subjects";
