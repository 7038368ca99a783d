import type { RouteDef } from "../../lib/route";
import addEmail from "./add-email";
import addParentPhone from "./add-parent-phone";
import adminMarksheet from "./admin-marksheet";
import avatar from "./avatar";
import confirmCode from "./confirm-code";
import deleteMarkSheet from "./delete-mark-sheet";
import editDivision from "./edit-division";
import editDivisionList from "./edit-division-list";
import markSheetFile from "./mark-sheet-file";
import markSheets from "./mark-sheets";
import update from "./update";
import uploadAvatar from "./upload-avatar";
import uploadMarkSheet from "./upload-mark-sheet";

/** Profile, report cards and class change (issue 12): the operations, in the order the OpenAPI document lists them. */
export const profileRoutes: RouteDef[] = [
  update,
  uploadAvatar,
  avatar,
  addEmail,
  confirmCode,
  addParentPhone,
  markSheets,
  uploadMarkSheet,
  markSheetFile,
  deleteMarkSheet,
  editDivisionList,
  editDivision,
  adminMarksheet,
];
