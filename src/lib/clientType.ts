/**
 * The client-type marker (SPEC §2 "Modals": "A welcome modal in Arabic appears when a client-type marker is in session
 * storage; its start button goes to /offres").
 *
 * Key: `sessionStorage["clientType"]`, any non-empty value (e.g. "ooredoo", "digitalvirgo"): the kind of client the
 * pupil came as. The operator's return (`/digitalvirgo/success`) sets it with `setClientType("digitalvirgo")` when it
 * signs a new subscriber in; the home shows the Arabic welcome modal while it is there, and the modal clears it (start button or close) so that it
 * shows once. Session storage: it ends with the tab, and a shared tablet's next pupil never sees it.
 */
export const CLIENT_TYPE_KEY = "clientType";

export function getClientType(): string | null {
  try {
    const value = sessionStorage.getItem(CLIENT_TYPE_KEY);
    return value && value.trim() ? value : null;
  } catch {
    return null;
  }
}

export function setClientType(value: string): void {
  try {
    sessionStorage.setItem(CLIENT_TYPE_KEY, value);
  } catch {
    // Storage disabled: the welcome modal simply does not show.
  }
}

export function clearClientType(): void {
  try {
    sessionStorage.removeItem(CLIENT_TYPE_KEY);
  } catch {
    // Nothing to clear.
  }
}
