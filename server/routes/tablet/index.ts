import type { RouteDef } from "../../lib/route";
import { adminTabletCode, adminTabletRevoke } from "./admin";
import avatar from "./avatar";
import { adminTabletChapters, tabletChapterFileRoute, tabletChapters, teacherTabletChapters } from "./chapters";
import disable from "./disable";
import enable from "./enable";
import pupils from "./pupils";
import { signInPassword, signInPin } from "./sign-in";
import tablet from "./tablet";
import unlock from "./unlock";
import vaultKey from "./vault-key";

/** Shared-tablet class mode (issue 23): the device's operations, the operator's commands, and the kept chapters per class (item 6). */
export const tabletRoutes: RouteDef[] = [
  enable, tablet, pupils, avatar, signInPin, signInPassword, vaultKey, unlock, disable, adminTabletCode, adminTabletRevoke,
  teacherTabletChapters, adminTabletChapters, tabletChapters, tabletChapterFileRoute,
];
