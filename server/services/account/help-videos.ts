/**
 * The help videos of `/assistance` (`GET /video-links`), in topic order. Local clips are signed for the caller's
 * session like lesson media (services/media/signing.ts): they play on the app, and a copied link dies with the session.
 */
import { asc, eq } from "drizzle-orm";
import type { HelpVideoDto } from "../../../domain/account";
import { helpVideos } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { signMedia } from "../media/signing";

export async function listHelpVideos(deps: Pick<Deps, "db" | "secret" | "now">, grant: { userId: number; sessionId: string }): Promise<HelpVideoDto[]> {
  const rows = await deps.db.select().from(helpVideos).where(eq(helpVideos.visible, true)).orderBy(asc(helpVideos.position), asc(helpVideos.id));
  const now = deps.now();
  // Public pictures (the posters under /media/public) need no signature, like the subject thumbnails.
  const sign = (path: string) => (path.startsWith("/media/") && !path.startsWith("/media/public/") ? signMedia(deps.secret, path, grant, now).url : path);
  return rows.map((r) => ({
    id: r.id,
    topic: r.topic,
    topic_en: r.topicEn,
    topic_ar: r.topicAr,
    title: r.title,
    title_en: r.titleEn,
    title_ar: r.titleAr,
    description: r.description,
    description_en: r.descriptionEn,
    description_ar: r.descriptionAr,
    url: sign(r.url),
    poster: r.poster ? sign(r.poster) : null,
    duration: r.duration,
  }));
}
