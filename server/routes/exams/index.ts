import type { RouteDef } from "../../lib/route";
import listExams from "./list-exams";
import examCalendar from "./exam-calendar";
import getExam from "./get-exam";
import getTimeLimitation from "./get-time-limitation";
import startExam from "./start-exam";
import uploadHomework from "./upload-homework";
import createUpload from "./create-upload";
import uploadStatus from "./upload-status";
import uploadChunk from "./upload-chunk";
import homeworkFile from "./homework-file";
import examDocument from "./exam-document";
import deleteHomework from "./delete-homework";

/** Exams (issue 10): the operations, in the order the OpenAPI document lists them (the calendar before `{id}`). */
export const examsRoutes: RouteDef[] = [
  listExams,
  examCalendar,
  getExam,
  getTimeLimitation,
  startExam,
  uploadHomework,
  createUpload,
  uploadStatus,
  uploadChunk,
  homeworkFile,
  examDocument,
  deleteHomework,
];
