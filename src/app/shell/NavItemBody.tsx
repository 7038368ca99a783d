import type { ReactNode } from "react";
import classes from "./shell.module.css";

/**
 * The inside of a sidebar entry (icon, label, optional trailing mark), drawn by a plain link or button with the
 * `navLink` class: the same look as Mantine's NavLink without its collapsible-children machinery on the first load.
 */
export function NavItemBody({ icon, label, right }: { icon: ReactNode; label: ReactNode; right?: ReactNode }) {
  return (
    <>
      <span className={classes.navSection}>{icon}</span>
      <span className={classes.navLabel}>{label}</span>
      {right && <span className={classes.navSection}>{right}</span>}
    </>
  );
}
