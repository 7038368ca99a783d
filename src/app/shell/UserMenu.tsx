import { DeferredMenu } from "@/components/DeferredMenu";
import { deferred } from "@/components/deferred";
import { UserMenuTrigger } from "./UserMenuTrigger";

;

export const userMenuPanel = deferred(() => import("./UserMenuPanel").then((m) => m.UserMenuPanel));

/**
 * The user dropdown (SPEC §2): on the avatar and name. The trigger (with the pending-request dot) is drawn at
 * once; Mantine's Menu and floating-ui load when the pointer or the focus reaches it, and the click that
 * loaded them opens the menu.
 */
export function UserMenu() {
  return <DeferredMenu menu={userMenuPanel} props={{}} placeholder={<UserMenuTrigger aria-haspopup="menu" aria-expanded={false} />} />;
}
