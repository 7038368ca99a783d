/**
 * Posts of the local forum (server/adapters/forum): the demo feed of `GET /latest-posts`, spread over the last days so
 * that "il y a 2 h" and "hier" both show. Idempotent: does nothing when `forum_posts` already has rows.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { forumPosts } from "../schema";

const HOUR = 60 * 60 * 1000;

const POSTS: Array<{ slug: string; title: string; author: string; category: string; replies: number; hoursAgo: number }> = [
  { slug: "limite-en-plus-l-infini-methode", title: "Limite en +∞ d'une fonction rationnelle : quelle méthode ?", author: "Yassine B.", category: "Mathématiques", replies: 7, hoursAgo: 2 },
  { slug: "dipole-rc-constante-de-temps", title: "Dipôle RC : comment lire la constante de temps sur la courbe ?", author: "Mariem K.", category: "Physique", replies: 4, hoursAgo: 5 },
  { slug: "planning-revision-bac-2026", title: "Mon planning de révision pour le bac, vos avis ?", author: "Ahmed T.", category: "Méthodologie", replies: 15, hoursAgo: 20 },
  { slug: "tri-par-insertion-complexite", title: "Tri par insertion : pourquoi la complexité est en n² ?", author: "Salma H.", category: "Informatique", replies: 3, hoursAgo: 30 },
  { slug: "sujet-philo-la-personne-et-autrui", title: "Sujet de philo : « Autrui est-il un obstacle à ma liberté ? »", author: "Oussama M.", category: "Philosophie", replies: 9, hoursAgo: 52 },
  { slug: "nombres-complexes-forme-exponentielle", title: "Nombres complexes : passer à la forme exponentielle sans erreur", author: "Rania G.", category: "Mathématiques", replies: 6, hoursAgo: 75 },
  { slug: "genetique-humaine-arbre-genealogique", title: "Génétique humaine : lire un arbre généalogique pas à pas", author: "Khalil S.", category: "Sciences de la vie et de la terre", replies: 2, hoursAgo: 100 },
];

export async function seedForum(db: Db, today: Date): Promise<boolean> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(forumPosts);
  if ((existing?.n ?? 0) > 0) return false;
  await db.insert(forumPosts).values(
    POSTS.map(({ hoursAgo, ...p }) => ({ ...p, createdAt: new Date(today.getTime() - hoursAgo * HOUR) })),
  );
  return true;
}
