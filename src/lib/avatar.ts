import { useEffect, useState } from "react";
import { env } from "./env";
import { getSession } from "./session";

/** Object URLs of the photos fetched so far, by their API path (a new photo has a new path). */
const loaded = new Map<string, Promise<string | null>>();

function load(path: string): Promise<string | null> {
  let p = loaded.get(path);
  if (!p) {
    const token = getSession()?.token;
    p = fetch(`${env.apiBase}${path}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    })
      .then(async (res) => (res.ok ? URL.createObjectURL(await res.blob()) : null))
      .catch(() => null);
    loaded.set(path, p);
  }
  return p;
}

/**
 * The `src` of the signed-in user's photo. `me.avatar` is an API path (`/user/avatar?v=…`) served to its owner only,
 * with the bearer token: the image is fetched once and shown from an object URL. Null (Mantine's placeholder) until then.
 */
export function useAvatarSrc(avatar: string | null | undefined): string | null {
  const path = avatar && avatar.startsWith("/user/avatar") ? avatar : null;
  const [loadedFor, setLoaded] = useState<{ path: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!path) return;
    let live = true;
    void load(path).then((url) => live && setLoaded({ path, url }));
    return () => {
      live = false;
    };
  }, [path]);
  if (!path) return avatar ?? null;
  return loadedFor?.path === path ? loadedFor.url : null;
}

/** Forgets the photos (logout: the next pupil on the device does not see them). */
export function clearAvatars(): void {
  for (const p of loaded.values()) void p.then((url) => url && URL.revokeObjectURL(url));
  loaded.clear();
}
