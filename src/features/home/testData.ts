import type { ForumPostDto, LatestRecordingDto } from "@domain/home";
import type { PromoCardDto, SubjectDto } from "@domain/learning";
import { vi } from "vitest";

export function makePromo(id: number, overrides: Partial<PromoCardDto> = {}): PromoCardDto {
  return {
    id,
    type: "link",
    icon_url: null,
    text: `Carte ${id}`,
    text_image_url: null,
    video_link: null,
    url_link: null,
    background_url: null,
    visible: true,
    icon_position: "left",
    color: "#3B5BDB",
    position: id,
    ...overrides,
  };
}

export function makeRecording(id: number, overrides: Partial<LatestRecordingDto> = {}): LatestRecordingDto {
  return {
    id,
    slug: `seance-${id}`,
    name: `Séance ${id} : révision guidée`,
    subject: { id: 1, slug: "mathematiques", name: "Mathématiques", name_ar: "الرياضيات", color: "#3B5BDB" },
    chapter: { id: 9, slug: "enregistrements-mathematiques", name: "Séances en direct de mathématiques" },
    instructor: { name: "Mohamed", last_name: "Ben Ali" },
    recorded_at: "2026-11-15T17:00:00.000Z",
    duration: 1800,
    locked: false,
    percentage: 0,
    ...overrides,
  };
}

export function makeSubject(id: number, overrides: Partial<SubjectDto> = {}): SubjectDto {
  return {
    id,
    slug: `matiere-${id}`,
    name: `Matière ${id}`,
    name_ar: `مادة ${id}`,
    thumbnail: null,
    progress: 0,
    color: "#2F9E44",
    visible: true,
    active: true,
    position: id,
    subjectVideos: 10,
    ...overrides,
  };
}

export function makePost(id: number, overrides: Partial<ForumPostDto> = {}): ForumPostDto {
  return {
    id,
    title: `Sujet ${id}`,
    author: "Yassine B.",
    category: "Mathématiques",
    replies: 3,
    created_at: new Date(Date.now() - id * 3_600_000).toISOString(),
    url: `https://forum.example.tn/t/sujet-${id}/${id}`,
    ...overrides,
  };
}

/**
 * Stubs `fetch` with answers by API path (`/student/pubs-cards`, …): a payload, a status and payload, or `"pending"`
 * for a request that never answers. Unknown paths answer 503.
 */
export function stubApi(routes: Record<string, unknown>) {
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    const path = url.pathname.replace(/^\/api/, "");
    if (!(path in routes)) return Response.json({ message: "No network in component tests", code: "server_error" }, { status: 503 });
    const answer = routes[path];
    if (answer === "pending") return new Promise<Response>(() => {});
    if (answer && typeof answer === "object" && "status" in answer && "body" in answer) {
      const { status, body } = answer as { status: number; body: unknown };
      return Response.json(body, { status });
    }
    return Response.json({ payload: answer });
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}
