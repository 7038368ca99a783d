import { useEffect, useState } from "react";
import { apiBlob } from "./api";

/** Object URLs of the photos fetched so far, by their API path (a new photo has a new path); memory only. */
const loaded = new Map<string, Promise<string | null>>();

interface FetchedImage {
  /** Fetches the image's bytes (with the credential its route asks for). */
  fetchBlob: (path: string) => Promise<Blob>;
  /** A failed fetch is tried again the next time the image shows (else it stays without one until a new path). */
  retryOnFailure?: boolean;
}

function load(path: string, { fetchBlob, retryOnFailure = false }: FetchedImage): Promise<string | null> {
  let p = loaded.get(path);
  if (!p) {
    p = fetchBlob(path).then(
      (blob) => URL.createObjectURL(blob),
      () => {
        if (retryOnFailure) loaded.delete(path);
        return null;
      },
    );
    loaded.set(path, p);
  }
  return p;
}

/**
 * The `src` of a photo served by the API to one caller only (not an address an <img> can load by itself): fetched once
 * with `fetchBlob` and shown from an object URL; null until it arrives, or when it cannot be had.
 */
export function useFetchedImageSrc(path: string | null, image: FetchedImage): string | null {
  const [loadedFor, setLoaded] = useState<{ path: string; url: string | null } | null>(null);
  const { fetchBlob, retryOnFailure } = image;
  useEffect(() => {
    if (!path) return;
    let live = true;
    void load(path, { fetchBlob, retryOnFailure }).then((url) => live && setLoaded({ path, url }));
    return () => {
      live = false;
    };
  }, [path, fetchBlob, retryOnFailure]);
  return path && loadedFor?.path === path ? loadedFor.url : null;
}

const withBearer = (path: string) => apiBlob(path);

/**
 * The `src` of the signed-in user's photo. `me.avatar` is an API path (`/user/avatar?v=…`) served to its owner only,
 * with the bearer token: the image is fetched once and shown from an object URL. Null (Mantine's placeholder) until then.
 */
export function useAvatarSrc(avatar: string | null | undefined): string | null {
  const path = avatar && avatar.startsWith("/user/avatar") ? avatar : null;
  const src = useFetchedImageSrc(path, { fetchBlob: withBearer });
  return path ? src : (avatar ?? null);
}
