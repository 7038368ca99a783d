import type { ReactNode } from "react";
import { Link, type RegisteredRouter } from "@tanstack/react-router";

/**
 * A link to an address of this app that is known only at run time (an ad card's, from the server): the router reads
 * its path, search and hash (`href`), and navigates without a reload. Links known when writing the code name their
 * route (`to`, `params`, `search`) so that the type check follows them.
 */
export function AddressLink({ href, className, children, "aria-label": ariaLabel }: { href: string; className?: string; children: ReactNode; "aria-label"?: string }) {
  // The target is a string, not one of the router's paths: `to` stays optional and `href` carries it.
  return (
    <Link<RegisteredRouter, string, string> href={href} className={className} aria-label={ariaLabel}>
      {children}
    </Link>
  );
}
