import * as v from "valibot";
import {
  AdminTabletChaptersBody,
  ClassIdParams,
  ClassTabletChaptersDtoSchema,
  TabletChapterDtoSchema,
  TabletChapterFileQuery,
  TeacherTabletChaptersBody,
} from "../../../domain/tablet";
import { OPERATOR_KEY, TABLET_DEVICE, TEACHER_ONLY } from "../../lib/access";
import { forbidden } from "../../lib/errors";
import { defineRoute, FILE_ANSWER } from "../../lib/route";
import { setClassTabletChapters, setTeacherTabletChapters, tabletChapterFile, tabletChapterList } from "../../services/tablet/chapters";
import { requireAdminKey } from "../admin/admin-key";
import { tabletOf } from "./device";

/** The teacher app's marking (issue 23 item 6): the chapters of the teacher's own subjects that the class keeps. */
export const teacherTabletChapters = defineRoute({
  method: "put",
  path: "/teacher/classes/{classId}/tablet-chapters",
  summary:
    "Teachers only: the chapters of the subjects they teach in this class that the class's tablets keep offline (the whole list for those subjects; other teachers' marks stay). 403 for a class or a chapter's subject they do not teach",
  tag: "tablet",
  auth: "required",
  access: TEACHER_ONLY,
  params: ClassIdParams,
  body: TeacherTabletChaptersBody,
  answer: ClassTabletChaptersDtoSchema,
  handler: async ({ deps, auth, params, body }) => {
    if (auth.userType !== "teacher" || auth.adminId !== null) throw forbidden();
    return { payload: await setTeacherTabletChapters(deps, auth.userId, params.classId, body.chapters) };
  },
});

/** `npm run admin -- tablet-chapters <class id|name> <chapter ids…>`. */
export const adminTabletChapters = defineRoute({
  method: "post",
  path: "/admin/tablet-chapters",
  summary: "Operator only (X-Admin-Key): the chapters a class's tablets keep offline (the class's whole list; none clears it)",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  body: AdminTabletChaptersBody,
  answer: ClassTabletChaptersDtoSchema,
  handler: async ({ deps, body, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await setClassTabletChapters(deps, body.division, body.chapters) };
  },
});

export const tabletChapters = defineRoute({
  method: "get",
  path: "/tablet/chapters",
  summary: "Class tablet only (X-Tablet-Key): the chapters its class keeps offline, each with its media files and their sizes",
  tag: "tablet",
  auth: "none",
  access: TABLET_DEVICE,
  answer: v.array(TabletChapterDtoSchema),
  handler: async ({ deps, c }) => ({ payload: await tabletChapterList(deps, await tabletOf(deps, c)) }),
});

export const tabletChapterFileRoute = defineRoute({
  method: "get",
  path: "/tablet/chapter-file",
  summary: "Class tablet only (X-Tablet-Key): a media file of a chapter its class keeps (404 for any other path)",
  tag: "tablet",
  auth: "none",
  access: TABLET_DEVICE,
  query: TabletChapterFileQuery,
  answer: FILE_ANSWER,
  response: "the file's bytes",
  handler: async ({ deps, query, c }) => tabletChapterFile(deps, await tabletOf(deps, c), query.path),
});
