import { apiBlob } from "@/lib/api";
import { useFetchedImageSrc } from "@/lib/avatar";
import { tabletHeaders } from "@/lib/tablet";

const withTabletKey = (path: string) => apiBlob(path, { anonymous: true, headers: tabletHeaders() });

/**
 * `GET /tablet/pupils/{id}/avatar` as the class tablet: the `src` of a pupil's photo on the grid (`avatar` of the grid's
 * row, served to the tablet of the pupil's class only), fetched with the device credential and shown from an object
 * URL; null (initials) without a photo or until it arrives. A failed photo is tried again the next time the grid shows it.
 */
export function useTabletAvatarSrc(avatar: string | null): string | null {
  const path = avatar && avatar.startsWith("/tablet/pupils/") ? avatar : null;
  return useFetchedImageSrc(path, { fetchBlob: withTabletKey, retryOnFailure: true });
}
